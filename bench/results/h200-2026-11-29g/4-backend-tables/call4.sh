#!/usr/bin/env bash
# call 4 (twenty-second session, H200): smax-bench backend tables of main 16635b0 (every algorithm and auto,
# bench/shapes/backend.txt), f32 forward and gradient, HIP on NVIDIA (hipnv22) and OpenCL on NVIDIA (ocl22): their f32
# single vectors take 3d3367e's re-read kernel (SMAX_ASYNC_KEEP holds there too). The bf16 tables stay ccb27eb's.
set -u
S=/tmp; for b in hipnv22 ocl22; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "main 16635b0 $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B() { local b=$1 tag=$2 lim=$3; shift 3; local N=$S/stage-$b
  [ $SECONDS -gt $((215 - lim)) ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout $lim $N/smax-bench --shapes bench/shapes/backend.txt --algo all --reps 3 --max-seconds 0.15 --no-overhead --quiet --csv $L/backend-$tag.csv "$@" > $L/backend-$tag.txt 2>&1; local rc=$?
  t "backend $tag: $(tail -1 $L/backend-$tag.txt) exit $rc"
  awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "  %s %s %s%% ratio %s\n", s, $2, $(NF-1), $NF}' $L/backend-$tag.txt; }
B hipnv22 hipnv-f32 60 --dtype f32
B ocl22 ocl-f32 60 --dtype f32
B hipnv22 hipnv-f32-bwd 60 --dtype f32 --backward
B ocl22 ocl-f32-bwd 60 --dtype f32 --backward
t end
