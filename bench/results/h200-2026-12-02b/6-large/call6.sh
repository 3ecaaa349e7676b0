#!/usr/bin/env bash
# call 6 (fortieth session, H200): the large conformance tier of fwd f32->f32 at the committed narrow kernel: CUDA (n5 =
# 2f6946a), NVIDIA's OpenCL (o5), HIP on NVIDIA (hnar: call 4's build, whose HIP plans are the committed ones), and
# CUDA under SMAX_TEST_NARROW_REGS=1 --expect-narrow-regs.
set -u
S=/tmp; for b in n5 o5 hnar; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "n5 o5 = $(cat .dev/commit | cut -c1-7) (code 2f6946a); hnar = call 4's; $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b
  ( LD_LIBRARY_PATH=$M timeout 380 "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & }
NV="env OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA"
C n5 L-n5 $S/stage-n5/smax_conformance --large --variant 'fwd f32->f32'
C o5 L-o5 $NV $S/stage-o5/smax_conformance --large --variant 'fwd f32->f32'
C hnar L-hnar $S/stage-hnar/smax_conformance --large --variant 'fwd f32->f32'
C n5 L-narrow-n5 env SMAX_TEST_NARROW_REGS=1 $S/stage-n5/smax_conformance --large --expect-narrow-regs --variant 'fwd f32->f32'
wait; t conformance
for f in $L/L-*.txt; do echo "$(basename $f .txt): $(grep -E '^[0-9]+ passed, [0-9]+ failed' $f | tail -1) $(tail -1 $f)"; grep -m3 "FAIL" $f; done
t end
