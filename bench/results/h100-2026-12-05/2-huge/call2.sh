#!/usr/bin/env bash
# call 2 (fifty-fifth session): main a0f61c6 builds (conformance as bcda2e1: the huge slice's arrays allocated once).
# The large tier's group "huge" (32771 x 65536, > 2^31 elements, auto, in place where the sizes allow) of every variant
# of the three builds: cu = CUDA sm_90, hp = HIP on NVIDIA, ocl = OpenCL (NVIDIA's ICD); one process per build and
# variant, 5 at a time (up to 26 GB of device memory each), the builds interleaved variant by variant.
set -u
S=/tmp; for s in cu hp ocl; do tar xJf .dev/stage/$s.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "main $(cat .dev/commit); $(date -u)"; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; nproc
V=("fwd f32->f32" "bwd y,dy:f32 dx:f32" "fwd bf16->bf16" "bwd y,dy:bf16 dx:bf16" "fwd f16->f16" "bwd y,dy:f16 dx:f16"
   "fwd f16->f32" "fwd f32->f16" "fwd bf16->f32" "fwd f32->bf16" "fwd f16->bf16" "fwd bf16->f16"
   "bwd y,dy:f16 dx:f32" "bwd y,dy:f32 dx:f16" "bwd y,dy:bf16 dx:f32" "bwd y,dy:f32 dx:bf16" "bwd y,dy:f16 dx:bf16" "bwd y,dy:bf16 dx:f16")
i=0
for v in "${V[@]}"; do for b in cu hp ocl; do
  while [ "$(jobs -rp | wc -l)" -ge 5 ]; do sleep 1; done
  left=$((575 - SECONDS)); [ $left -lt 30 ] && { echo "not started: $b $v"; continue; }
  ( s=$SECONDS; LD_LIBRARY_PATH=$S/stage-$b OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA timeout $left $S/stage-$b/smax_conformance -v --large --only huge --variant "$v" > $L/huge-$b-$(printf %02d $i).txt 2>&1
    echo "exit $? ($((SECONDS - s)) s)" >> $L/huge-$b-$(printf %02d $i).txt ) &
done; i=$((i+1)); done
wait; t "all done"
for f in $L/huge-*.txt; do echo "$(basename $f .txt): $(grep -hE "^(pass|FAIL|skip)" $f | head -2 | cut -c1-150 | tr '\n' ' ') | $(grep -E '^[0-9]+ passed, [0-9]+ failed' $f | tail -1) | $(tail -1 $f)"; done
for b in cu hp ocl; do cat $L/huge-$b-*.txt | awk -v b=$b '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d processes, %d nonzero exits\n", b, p, f, s, n, bad}'; done
