#!/usr/bin/env bash
# call 3 (fifty-fourth session, H200): main fe8c82b. cu = CUDA sm_90, hp = HIP on NVIDIA (nvcc 11.8 PTX, CUDA 13.0 ptxas),
# ocl = OpenCL (NVIDIA's ICD). the large tier's group "huge" (> 2^31 elements), every variant, of cu, hp and ocl side by
# side (call 2's one-at-a-time beside the group "large" ran past its 200 s).
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
HP=()
for b in cu hp ocl; do
  ( start=$SECONDS
  LD_LIBRARY_PATH=$S/stage-$b OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA timeout 480 $S/stage-$b/smax_conformance --large --only huge > $L/huge-$b.txt 2>&1; echo "exit $?" >> $L/huge-$b.txt
  t "huge $b ($((SECONDS-start)) s): $(grep -E '^[0-9]+ passed, [0-9]+ failed' $L/huge-$b.txt | tail -1) $(tail -1 $L/huge-$b.txt)" ) &
  HP+=($!)
done
while sleep 60; do kill -0 "${HP[@]}" 2>/dev/null || break; t "$(free -g | awk '/Mem/{print $3" GiB used"}'); $(nvidia-smi --query-gpu=memory.used --format=csv,noheader)"; done
wait
grep -h "FAIL" $L/huge-*.txt | head -10
grep -h "largest error\|skipped:" $L/huge-*.txt
t end
