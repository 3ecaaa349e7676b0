#!/usr/bin/env bash
# call 4 (fifty-first session, H200, NVIDIA's OpenCL): (1) the bf16 gradient's cols sweep at 2^27 elements under main
# (ocl4 = b04d33c's OpenCL code; the fiftieth's call 6 ran out before it); (2) whether call 3's loop lost to registers:
# ocl6 (the loop) and ocl4 with every kernel held to 40 registers (-cl-nv-maxrregcount=40), f32 gradient.
set -u
S=/tmp; for n in ocl4 ocl6; do tar xJf .dev/stage/$n.txz -C $S; done
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "c51-4; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
export SMAX_OPENCL_DEVICE=NVIDIA
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 200 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1; echo "rc=$?" >> $L/$tag.txt
  echo "== $tag: $(grep -A1 -E "^[0-9]+x[0-9]+ " $L/$tag.txt | grep -E "auto|FAIL" | awk '{print $NF}' | tr '\n' ' ')"; grep -E "FAIL|rror|rc=[1-9]" $L/$tag.txt | head -3; }
SH=""; for c in 16384 32768 50257 65536 131072 262144 524288; do SH="$SH --shape $(( (1<<27) / c ))x$c"; done
echo "sweep shapes:$SH"
t "sweep ocl4 bf16"
R sweep-bf16-ocl4 ocl4 --algo auto --dtype bf16 --backward $SH
F="--shape 8192x16384 --shape 4096x32768 --shape 1024x131072"
for v in ocl6 ocl4 ocl6 ocl4; do
  t "$v rr40"; SMAX_OPENCL_OPTIONS=-cl-nv-maxrregcount=40 R rr40-$v-$SECONDS $v --algo auto --dtype f32 --backward $F
done
t end
