#!/usr/bin/env bash
# PREPARED, NOT RUN (no device time was left to start a machine): b1d6adf (ocl-l = stage.sh of a Release OpenCL
# build) on NVIDIA's OpenCL, about 70 s: the f32 pair's
# budgeted kernels built on their first launch - 1 x 2^22 (the re-read, groups of 1024 planned before its program
# is built) and 32 x 2^20 (the exchange of f32 x) - verified, timed, and the time of each step.
S=/tmp; tar xJf .dev/stage/ocl-l.txz -C $S
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; date -u
for s in "1 4194304" "32 1048576"; do echo "$s" > /tmp/one.txt
  LD_LIBRARY_PATH=$S/stage-ocl-l timeout 60 $S/stage-ocl-l/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --shapes /tmp/one.txt | grep -E "auto|copy|runs:"
  echo "[$((SECONDS-t0)) s] $s"; done
