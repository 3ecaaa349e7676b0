#!/usr/bin/env bash
# call 2 (fifty-fourth session, H200): main fe8c82b. cu = CUDA sm_90, hp = HIP on NVIDIA (nvcc 11.8 PTX, CUDA 13.0 ptxas),
# ocl = OpenCL (NVIDIA's ICD). the large tier's group "large" of cu and ocl, every variant (8 processes at a time);
# beside it the group "huge" (> 2^31 elements) of cu, hp, ocl, one process at a time.
set -u
S=/tmp; for s in cu hp ocl; do tar xJf .dev/stage/$s.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "main fe8c82b; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
compute-sanitizer --version | tail -1
# large tier, group large, hp, one process per variant, 8 at a time
V=("fwd f32->f32" "fwd f16->f16" "fwd bf16->bf16" "fwd f16->f32" "fwd f32->f16" "fwd bf16->f32" "fwd f32->bf16" "fwd f16->bf16" "fwd bf16->f16"
   "bwd y,dy:f32 dx:f32" "bwd y,dy:f16 dx:f16" "bwd y,dy:bf16 dx:bf16" "bwd y,dy:f16 dx:f32" "bwd y,dy:f32 dx:f16" "bwd y,dy:bf16 dx:f32" "bwd y,dy:f32 dx:bf16" "bwd y,dy:f16 dx:bf16" "bwd y,dy:bf16 dx:f16")
LT() { local b=$1 i=0; for v in "${V[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge 8 ]; do sleep 1; done
    ( LD_LIBRARY_PATH=$S/stage-$b OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA timeout 480 $S/stage-$b/smax_conformance --large --only large --variant "$v" > $L/large-$b-$i.txt 2>&1; echo "exit $?" >> $L/large-$b-$i.txt ) &
    i=$((i+1)); done; wait; }
( LT cu; LT ocl ) &
LTP=$!
for b in cu hp ocl; do
  start=$SECONDS
  LD_LIBRARY_PATH=$S/stage-$b OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA timeout 200 $S/stage-$b/smax_conformance --large --only huge > $L/huge-$b.txt 2>&1; echo "exit $?" >> $L/huge-$b.txt
  t "huge $b ($((SECONDS-start)) s): $(grep -E '^[0-9]+ passed, [0-9]+ failed' $L/huge-$b.txt | tail -1) $(tail -1 $L/huge-$b.txt)"
done
wait $LTP; t "large tier cu, ocl done"
for f in $L/large-*.txt; do echo "$(basename $f .txt): $(grep -E '^[0-9]+ passed, [0-9]+ failed' $f | tail -1) $(tail -1 $f)"; done
grep -h "FAIL" $L/large-*.txt $L/huge-*.txt | head -10
grep -h "largest error" $L/huge-*.txt
t end
