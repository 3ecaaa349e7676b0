#!/usr/bin/env bash
# call 3 (2026-11-29, eighteenth session, H200): smax-bench backend tables of main (every algorithm and auto,
# bench/shapes/backend.txt): HIP on NVIDIA (hipnv-n = 3326ef1, kernels and host as ccb27eb) and OpenCL on NVIDIA
# (ocl-m = ccb27eb); f32 and bf16, forward and gradient.
set -u
S=/tmp; for b in hipnv-n ocl-m; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "main ccb27eb $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B() { local b=$1 tag=$2 lim=$3; shift 3; local N=$S/stage-$b
  [ $SECONDS -gt $((560 - lim)) ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout $lim $N/smax-bench --shapes bench/shapes/backend.txt --algo all --reps 3 --max-seconds 0.15 --no-overhead --quiet --csv $L/backend-$tag.csv "$@" > $L/backend-$tag.txt 2>&1; local rc=$?
  t "backend $tag: $(tail -1 $L/backend-$tag.txt) exit $rc"
  awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "  %s %s %s%% ratio %s\n", s, $2, $(NF-1), $NF}' $L/backend-$tag.txt; }
B hipnv-n hipnv-bf16 75 --dtype bf16
B ocl-m ocl-bf16 75 --dtype bf16
B hipnv-n hipnv-f32 75 --dtype f32
B ocl-m ocl-f32 75 --dtype f32
B hipnv-n hipnv-bf16-bwd 75 --dtype bf16 --backward
B ocl-m ocl-bf16-bwd 75 --dtype bf16 --backward
B hipnv-n hipnv-f32-bwd 75 --dtype f32 --backward
B ocl-m ocl-f32-bwd 75 --dtype f32 --backward
t end
