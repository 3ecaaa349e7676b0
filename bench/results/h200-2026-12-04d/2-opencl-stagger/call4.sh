#!/usr/bin/env bash
# call 4 (forty-ninth session, H200): NVIDIA's OpenCL plans no stagger for the gradient's device-memory exchange (it has
# no query for a unit's on-chip memory, so exchange_stagger returns 0). SMAX_STAGGER = unset, 2, 4, 6, 9 there, f32 with
# register batches (main) and with asynchronous keeps (dev: -DSMAX_DEV_CL_ASYNC_F32), bf16 (async, main); CUDA (cu,
# main) beside it for the 90%-of-CUDA target. % of copy, auto.
set -u
S=/tmp; for n in cu ocl; do tar xJf .dev/stage/$n.txz -C $S; done
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "c49-4; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1; echo "rc=$?" >> $L/$tag.txt
  echo "== $tag"; grep -A1 -E "^[0-9]+x[0-9]+ " $L/$tag.txt | grep -E "auto|FAIL" | awk '{print $NF}' | tr '\n' ' '; echo; grep -E "FAIL|rror|rc=[1-9]" $L/$tag.txt | head -3; }
F="--shape 256x1048576 --shape 512x393216 --shape 1024x262144"
H="--shape 256x2097152 --shape 256x1048576 --shape 512x524288"
echo "f32: $F; bf16: $H (gradient, % of copy, auto)"
export SMAX_OPENCL_DEVICE=NVIDIA
R warm ocl --algo auto --dtype f32 --shape 64x128 > /dev/null
R warm2 ocl --algo auto --dtype f32 --backward --shape 64x262144 > /dev/null
t "cuda"
R cu-f32-a cu --algo auto --dtype f32 --backward $F
R cu-bf16-a cu --algo auto --dtype bf16 --backward $H
for s in unset 2 4 6 9; do
  t "stagger $s"
  if [ $s = unset ]; then unset SMAX_STAGGER; else export SMAX_STAGGER=$s; fi
  unset SMAX_OPENCL_OPTIONS
  R ocl-f32reg-$s ocl --algo auto --dtype f32 --backward $F
  R ocl-bf16-$s ocl --algo auto --dtype bf16 --backward $H
  export SMAX_OPENCL_OPTIONS=-DSMAX_DEV_CL_ASYNC_F32
  R ocl-f32async-$s ocl --algo auto --dtype f32 --backward $F
  unset SMAX_OPENCL_OPTIONS
done
unset SMAX_STAGGER
t "cuda again"
R cu-f32-b cu --algo auto --dtype f32 --backward $F
R cu-bf16-b cu --algo auto --dtype bf16 --backward $H
t end
