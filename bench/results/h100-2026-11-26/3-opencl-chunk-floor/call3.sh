#!/usr/bin/env bash
# call 3 (H100): the OpenCL kernels' work-group limits (wgprobe), then the one-launch chunk floor
# (ocle = branch ocl-wide-regs + SMAX_COOP_MIN_ITEM_BYTES) against online and forced multiblock.
set -u
cd .dev; S=/tmp; for f in stage/*.tgz; do tar xzf $f -C $S; done; cd ..
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 60 .dev/probe/wgprobe > $L/wgprobe.txt 2>&1; echo "wgprobe exit $?"
grep -E "^device|^==|wg " $L/wgprobe.txt | head -80
grep -iE "registers|Used" $L/wgprobe.txt | head -40
t "probe"
bench() { local b=$1 tag=$2; shift 2; LD_LIBRARY_PATH=$S/stage-$b timeout 200 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt; t "$tag"; }
bench ocle fwd32 --dtype f32 --algo all --shapes bench/shapes/backend.txt
X="--shape 16384x16384 --shape 8192x32768 --shape 4096x65536 --shape 1024x262144 --shape 4096x128256 --shape 32x32000 --shape 1x16777216"
bench ocle bwd32 --dtype f32 --backward --algo online,multiblock,auto $X
bench ocle fwd16 --dtype bf16 --algo online,multiblock,auto $X
bench ocle bwd16 --dtype bf16 --backward --algo online,multiblock,auto $X
bench ocl fwd32-main --dtype f32 --algo auto --shape 16384x16384 --shape 4096x65536 --shape 32x32000
cd $OUT && tar czf logs.tgz logs && rm -rf logs
