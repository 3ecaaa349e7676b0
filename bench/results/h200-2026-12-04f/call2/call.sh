#!/usr/bin/env bash
# call 2 (fifty-first session): NVIDIA's OpenCL gradient at 4-32 chunks, where its exchange runs level with CUDA's own
# (call 1: cu0 ~ ocl4): what the exchange's overheads cost. Dev defines through SMAX_OPENCL_OPTIONS on ocl5 (main +
# hooks): SMAX_DEV_NO_TICKET (chunk by group index, no atomic ticket), SMAX_DEV_NANOSLEEP (waiting items sleep by PTX
# nanosleep instead of spinning), both, and both with SMAX_STAGGER=0.
set -u
S=/tmp; for n in ocl5; do tar xJf .dev/stage/$n.txz -C $S; done
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 200 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1; echo "rc=$?" >> $L/$tag.txt
  echo "== $tag: $(grep -A1 -E "^[0-9]+x[0-9]+ " $L/$tag.txt | grep -E "auto|FAIL" | awk '{print $NF}' | tr '\n' ' ')"; grep -E "FAIL|rror|rc=[1-9]" $L/$tag.txt | head -3; }
export SMAX_OPENCL_DEVICE=NVIDIA
F="--shape 8192x16384 --shape 4096x32768 --shape 2048x65536 --shape 1024x131072"
for v in A B C D E E D C B A; do
  t "$v"; unset SMAX_STAGGER
  case $v in A) o="" ;; B) o="-DSMAX_DEV_NO_TICKET" ;; C) o="-DSMAX_DEV_NANOSLEEP" ;; D|E) o="-DSMAX_DEV_NO_TICKET -DSMAX_DEV_NANOSLEEP" ;; esac
  [ $v = E ] && export SMAX_STAGGER=0
  SMAX_OPENCL_OPTIONS="$o" R f32-$v-$SECONDS ocl5 --algo auto --dtype f32 --backward $F
done
t end
