#!/usr/bin/env bash
# call 3 (fiftieth session, H200): the share of the held rows the gradient's exchange lets load at once, for f32 on
# NVIDIA's OpenCL (register-batch keeps). A = ocl2 (the rule's 3/4), B = ocl3 with SMAX_DEV_STAGGER 3/5, C = 2/3
# (dev-only env in exchange_stagger, f32 inputs only). Rounds A B C C B A; f32 conformance of the gradient under B.
set -u
S=/tmp; for n in ocl2 ocl3; do tar xJf .dev/stage/$n.txz -C $S; done
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "c50-3; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 200 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1; echo "rc=$?" >> $L/$tag.txt
  echo "== $tag: $(grep -A1 -E "^[0-9]+x[0-9]+ " $L/$tag.txt | grep -E "auto|FAIL" | awk '{print $NF}' | tr '\n' ' ')"; grep -E "FAIL|rror|rc=[1-9]" $L/$tag.txt | head -3; }
export SMAX_OPENCL_DEVICE=NVIDIA
F="--shape 8192x16384 --shape 8192x32768 --shape 4096x65536 --shape 2048x128256 --shape 1024x262144 --shape 512x393216"
echo "f32 gradient: $F"
for v in A B C C B A; do
  t "round $v"
  case $v in
    A) R f32-A-$SECONDS ocl2 --algo auto --dtype f32 --backward $F ;;
    B) SMAX_DEV_STAGGER_NUM=3 SMAX_DEV_STAGGER_DEN=5 R f32-B-$SECONDS ocl3 --algo auto --dtype f32 --backward $F ;;
    C) SMAX_DEV_STAGGER_NUM=2 SMAX_DEV_STAGGER_DEN=3 R f32-C-$SECONDS ocl3 --algo auto --dtype f32 --backward $F ;;
  esac
done
t "conformance, f32 gradient, B"
B=$S/stage-ocl3
SMAX_DEV_STAGGER_NUM=3 SMAX_DEV_STAGGER_DEN=5 LD_LIBRARY_PATH=$B timeout 120 $B/smax_conformance --expect-cooperative --variant 'bwd y,dy:f32 dx:f32' > $L/conf-B.txt 2>&1; echo "conf-B rc=$?"; tail -2 $L/conf-B.txt
t end
