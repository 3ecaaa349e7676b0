#!/usr/bin/env bash
# call 4 (2026-11-29, eighteenth session, H200): the backend tables' shapes that call 3's 75-second limit cut off:
# OpenCL on NVIDIA bf16 forward, HIP on NVIDIA and OpenCL on NVIDIA bf16 gradient (main, as in call 3).
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
  LD_LIBRARY_PATH=$N timeout $lim $N/smax-bench --algo all --reps 3 --max-seconds 0.15 --no-overhead --quiet --csv $L/backend-$tag.csv "$@" > $L/backend-$tag.txt 2>&1; local rc=$?
  t "backend $tag: $(tail -1 $L/backend-$tag.txt) exit $rc"
  awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "  %s %s %s%% ratio %s\n", s, $2, $(NF-1), $NF}' $L/backend-$tag.txt; }
B ocl-m ocl-bf16 95 --dtype bf16 --shape 1024x262144 --shape 4096x128256 --shape 32x32000 --shape 1x16777216
B hipnv-n hipnv-bf16-bwd 95 --dtype bf16 --backward --shape 4096x128256 --shape 32x32000 --shape 1x16777216
B ocl-m ocl-bf16-bwd 95 --dtype bf16 --backward --shape 4096x128256 --shape 32x32000 --shape 1x16777216
t end
