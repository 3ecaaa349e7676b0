#!/usr/bin/env bash
# call 6 (thirty-fifth session): main e46f22b on the H200. ocl45 = OpenCL (with NVML), hv = HIP on NVIDIA (nvcc 11.8
# under hipcc's NVIDIA platform), cv = CUDA sm_90. First OpenCL on NVIDIA's smax-bench `--algo all` table (auto against
# every forced algorithm) at PRODUCT.md's shapes, f32 and bf16, both directions; then, together, HIP's conformance of
# every dtype variant (default tier), CUDA's large tier of two variants, and compute-sanitizer racecheck, synccheck
# of the kernels the last sessions' plans reach (16-bit -> f32 rows on-chip, the exchange), memcheck once.
set -u
S=/tmp; for b in cv hv ocl45; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "ocl45 cv hv $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
A() { local tag=$1 lim=$2; shift 2; local N=$S/stage-ocl45
  [ $SECONDS -gt $((250 - lim)) ] && { echo "$tag skipped (time)"; return; }
  OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$N timeout $lim $N/smax-bench --shapes bench/shapes/backend.txt --algo all --reps 3 --max-seconds 0.15 --no-overhead --quiet --csv $L/backend-$tag.csv "$@" > $L/backend-$tag.txt 2>&1; local rc=$?
  t "backend $tag: $(tail -1 $L/backend-$tag.txt) exit $rc"
  awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "  %s %s %s%% ratio %s\n", s, $2, $(NF-1), $NF}' $L/backend-$tag.txt; }
W() { OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$S/stage-ocl45 timeout 150 $S/stage-ocl45/smax-bench --algo all --reps 1 --max-seconds 0.01 --no-overhead --quiet "$@" --shape 64x3001 --shape 64x30001 --shape 4x300001 --shape 1x1000000 > /dev/null 2>&1; }
for d in f32 bf16; do W --dtype $d & W --dtype $d --backward & done; wait; t warm
A ocl-f32 60 --dtype f32
A ocl-f32-bwd 60 --dtype f32 --backward
A ocl-bf16 55 --dtype bf16
A ocl-bf16-bwd 55 --dtype bf16 --backward
t table
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 14 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((540 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
V=('fwd f32->f32' 'fwd f16->f16' 'fwd bf16->bf16' 'fwd f16->f32' 'fwd f32->f16' 'fwd bf16->f32' 'fwd f32->bf16' 'fwd f16->bf16' 'fwd bf16->f16' 'bwd y,dy:f32 dx:f32' 'bwd y,dy:f16 dx:f16' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f32' 'bwd y,dy:f32 dx:f16' 'bwd y,dy:bf16 dx:f32' 'bwd y,dy:f32 dx:bf16' 'bwd y,dy:f16 dx:bf16' 'bwd y,dy:bf16 dx:f16')
for v in 'fwd bf16->f32' 'bwd y,dy:bf16 dx:f32'; do C cv L-cv-$(echo "$v" | tr -c 'a-z0-9' '_') $S/stage-cv/smax_conformance --large --variant "$v"; done
for v in "${V[@]}"; do C hv c-hv-$(echo "$v" | tr -c 'a-z0-9' '_') $S/stage-hv/smax_conformance --variant "$v"; done
B=$S/stage-cv
SAN() { local tool=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$B timeout 90 compute-sanitizer --tool $tool --print-limit 5 $B/smax-bench --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 "$@" > $L/san-$tag.txt 2>&1
  echo "san $tool $tag: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/san-$tag.txt | tr '\n' ' ')"; }
for tool in racecheck synccheck; do
  SAN $tool bf16f32-575 --algo auto --dtype bf16,f32 --shape 1001x575 --shape 1001x264
  SAN $tool bf16-coop --algo multiblock --dtype bf16 --shape 300x65536
done
SAN memcheck f16f32-513 --algo auto --dtype f16,f32 --shape 1001x513 --shape 3x14
t sanitizer
wait; t conformance
for b in hv; do cat $L/c-$b-*.txt 2>/dev/null | awk -v b="$b" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5; n2++} /^exit /{n++; if ($2!=0) bad++} END{printf "%s default tier: %d passed, %d failed, %d skipped over %d variants (%d finished), %d nonzero exits\n", b, p, f, s, n, n2, bad}'; done
cat $L/L-cv-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5; n2++} /^exit /{n++; if ($2!=0) bad++} END{printf "cv --large (2 variants): %d passed, %d failed, %d skipped, %d finished, %d nonzero exits\n", p, f, s, n2, bad}'
grep -h "FAIL" $L/c-*.txt $L/L-*.txt | head -10; grep -l "^exit [^0]" $L/c-*.txt $L/L-*.txt
t end
