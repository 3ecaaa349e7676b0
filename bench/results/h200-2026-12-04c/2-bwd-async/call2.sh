#!/usr/bin/env bash
# call 2 (forty-eighth session, H200): the gradient's device-memory exchange kept by asynchronous copies
# (smax_bwd_held_keep_async) where a device has no bulk copies. CUDA builds of the session's tree with bulk copies
# off (-DSMAX_NO_BULK_KEEP, as HIP on NVIDIA and sm_80 devices are): nb = the async keep, nbr = also
# -DSMAX_NO_BWD_ASYNC_KEEP (the register batches, main's path there). OpenCL on NVIDIA: the same source, A/B by
# SMAX_OPENCL_OPTIONS=-DSMAX_NO_BWD_ASYNC_KEEP. A B B A, % of copy.
set -u
S=/tmp; for n in nb nbr ocl; do tar xJf .dev/stage/$n.txz -C $S; done
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "c48-2; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1; echo "rc=$?" >> $L/$tag.txt
  echo "== $tag"; grep -A1 -E "^[0-9]+x[0-9]+ " $L/$tag.txt | grep -E "auto|FAIL" | awk '{print $NF}' | tr '\n' ' '; echo; grep -E "FAIL|rror|rc=[1-9]" $L/$tag.txt | head -3; }
F="--shape 256x1048576 --shape 256x600000 --shape 512x393216 --shape 1024x262144 --shape 32x1048576 --shape 64x2097152"
H="--shape 256x2097152 --shape 256x1048576 --shape 512x524288"
echo "f32 gradient: $F"; echo "bf16 gradient: $H"; echo "(% of copy, auto)"
R warm nb --algo auto --dtype f32 --shape 64x128 > /dev/null
R plan-nb nb --algo auto --dtype f32 --backward $F > /dev/null; grep -i -E "multi|exchange|cluster" $L/plan-nb.txt | head -8
n=0
for v in nbr nb nb nbr; do
  n=$((n+1)); t "round $n $v"
  R f32-$n-$v $v --algo auto --dtype f32 --backward $F
  R bf16-$n-$v $v --algo auto --dtype bf16 --backward $H
done
export SMAX_OPENCL_DEVICE=NVIDIA
for v in reg async async reg; do
  n=$((n+1)); t "round $n ocl $v"
  if [ $v = reg ]; then E="SMAX_OPENCL_OPTIONS=-DSMAX_NO_BWD_ASYNC_KEEP"; else E="X=1"; fi
  env $E bash -c "$(declare -f R); S=$S L=$L
  R ocl-f32-$n-$v ocl --algo auto --dtype f32 --backward $F
  R ocl-bf16-$n-$v ocl --algo auto --dtype bf16 --backward $H"
  [ $((SECONDS-t0)) -gt 520 ] && break
done
t end
