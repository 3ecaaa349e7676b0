#!/usr/bin/env bash
# call 5 (2026-11-27, fifth session), d6d0986: what NVIDIA's OpenCL reports that the planner reads: the global
# memory cache size (the re-read plan's test), and each kernel's CL_KERNEL_WORK_GROUP_SIZE (the context's largest
# group is the least of them), f32 pair; plus f32 1 x 2^24's plan through smax-bench.
set -u
S=/tmp; for f in .dev/stage/ocl.tgz; do tar xzf $f -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
exec > $OUT/summary.txt 2>&1
B="-cl-std=CL1.2 -DSMAX_OPENCL_C=1 -cl-fp32-correctly-rounded-divide-sqrt -DSMAX_CL_NVIDIA=1 -DSMAX_CL_WORD64=1 -DSMAX_CL_NV_SM=90 -DSMAX_IN_DTYPE=0 -DSMAX_OUT_DTYPE=0"
CLREGS_WG=1 timeout 60 .dev/clregs/clregs .dev/clregs/src.cl "$B" | grep -v "^ptxas\|Warning\|warning\|note:\|^ *[\^&~]\|^ *return\|^<kernel>\|^$"
N=$S/stage-ocl
LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --reps 3 --max-seconds 0.1 --algo auto --dtype f32 --shape 1x16777216 --shape 1x8388608 2>&1 | tail -12
