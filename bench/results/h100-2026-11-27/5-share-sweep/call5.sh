#!/usr/bin/env bash
# call 5 (2026-11-27): the one-launch chunk of the device-memory exchange (the 1/6 share, 38 KB on
# CUDA/HIP; 32 KB on NVIDIA's OpenCL), swept by SMAX_DEV_COOP_BYTES on CUDA with SMAX_CLUSTERS=0,
# HIP on NVIDIA, OpenCL on NVIDIA, and CUDA's own exchange rows (bf16 and f32 64 x 2^20);
# then a second round of OpenCL's bf16 PTX rounding, reversed (noptx, ptx).
set -u
S=/tmp; for f in .dev/stage/*.tgz; do tar xzf $f -C $S; done
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B() { local b=$1 tag=$2; shift 2; LD_LIBRARY_PATH=$S/stage-$b SMAX_OPENCL_DEVICE=NVIDIA timeout 60 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt; }
F="--dtype f32 --shape 1024x65536 --shape 256x262144 --shape 512x128256"
H="--dtype bf16 --shape 256x262144 --shape 512x128256"
G="--backward --dtype f32 --shape 1024x65536 --shape 256x262144"
run() { local b=$1 tag=$2; B $b $tag-f32 $F; B $b $tag-bf16 $H; B $b $tag-grad $G; }
for kb in 24 28 32 38; do
  v=""; [ $kb != 38 ] && v=$((kb * 1024))
  SMAX_CLUSTERS=0 SMAX_DEV_COOP_BYTES=$v run cuda cudanocl-$kb
  SMAX_DEV_COOP_BYTES=$v run hipnv hipnv-$kb
  SMAX_DEV_COOP_BYTES=$v B cuda cuda-1M-$kb --dtype bf16 --shape 64x1048576 --shape 128x524288
  SMAX_DEV_COOP_BYTES=$v B cuda cuda-1Mf32-$kb --dtype f32 --shape 64x1048576
  t "$kb KB"
done
for kb in 24 28 32; do SMAX_DEV_COOP_BYTES=$((kb * 1024)) run ocl ocl-$kb; t "ocl $kb KB"; done
SMAX_DEV_NO_NV_SM=1 B ocl r2-noptx-bf16 --dtype bf16 --shape 1024x65536 --shape 256x262144 --shape 4096x16384
B ocl r2-ptx-bf16 --dtype bf16 --shape 1024x65536 --shape 256x262144 --shape 4096x16384
t "ptx round 2"
for f in $L/*.txt; do printf "%-22s " $(basename $f .txt); awk '/^[0-9]+x/{s=$1} $1=="auto"{printf "%s %s %s %s | ", s, $3, $4, $NF} / FAILED verification/{if ($5 != "0") printf "!! FAILED"}' $f; echo; done
t end
