#!/usr/bin/env bash
# call 1 (fifty-fourth session, H200): main fe8c82b. cu = CUDA sm_90, hp = HIP on NVIDIA (nvcc 11.8 PTX, CUDA 13.0 ptxas),
# ocl = OpenCL (NVIDIA's ICD). compute-sanitizer of hp (memcheck, racecheck, synccheck) over smax-bench (verifies every
# result) at rows of 4-64 chunks and rows held by one group; beside it the large tier's group "large" of hp, every variant.
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
( LT hp ) &
LTP=$!
SB() { local tool=$1 tag=$2; shift 2; ( cd $L; LD_LIBRARY_PATH=$S/stage-hp timeout 110 compute-sanitizer --tool $tool --print-limit 5 --error-exitcode 99 $S/stage-hp/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.01 --rotate-mb 0 "$@" > $L/san-$tag.txt 2>&1; echo "exit $?" >> $L/san-$tag.txt ) ; echo "san $tag: $(grep -hE "SUMMARY" $L/san-$tag.txt | tr '\n' ' ') $(grep -c " ok" $L/san-$tag.txt) ok; $(tail -1 $L/san-$tag.txt)"; }
SP=()
for tool in memcheck racecheck synccheck; do
 ( SB $tool $tool-f32 --algo multiblock,auto --dtype f32 --shape 7x100003 --shape 3x300001 --shape 2x262144
   SB $tool $tool-bf16 --algo multiblock,auto --dtype bf16 --shape 7x100003 --shape 2x524288
   SB $tool $tool-f32b --backward --algo multiblock,auto --dtype f32 --shape 7x100003 --shape 3x300001 --shape 2x262144
   SB $tool $tool-bf16b --backward --algo multiblock,auto --dtype bf16 --shape 7x100003 --shape 2x524288
   SB $tool $tool-held --algo fused,auto --dtype f32 --shape 64x16384 --shape 33x5000
   SB $tool $tool-heldb --backward --algo fused,auto --dtype bf16 --shape 64x16384 --shape 33x5000 ) > $L/sanrun-$tool.txt 2>&1 &
 SP+=($!)
done
wait "${SP[@]}"
sleep 1; t "sanitizer done"; cat $L/sanrun-*.txt
wait $LTP; t "large tier hp done"
for f in $L/large-*.txt; do echo "$(basename $f .txt): $(grep -E '^[0-9]+ passed, [0-9]+ failed' $f | tail -1) $(tail -1 $f)"; done
grep -h "FAIL" $L/large-*.txt | head -10
t end
