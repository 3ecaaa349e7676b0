#!/usr/bin/env bash
# call 1 (sixty-first session): why NVIDIA's OpenCL answers CL_KERNEL_WORK_GROUP_SIZE 256 for smax's kernels
set -u
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors
P=$OUT/probe; mkdir -p $P
exec > $OUT/summary.txt 2>&1
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
t0=$SECONDS
timeout 400 .dev/probe/wg_probe $P; echo "probe exit $? after $((SECONDS-t0)) s"
cd $P && for f in *.ptx; do grep -E "^\.(visible )?\.?entry|\.maxntid|\.reqntid|\.maxnreg|\.target|\.version|\.minnctapersm|\.pragma" $f | head -80 > $f.heads; done
xz -9 *.ptx *.log 2>/dev/null; ls -la $P
