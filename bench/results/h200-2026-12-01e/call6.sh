#!/usr/bin/env bash
# call 6 (thirty-fifth session): verification of main e46f22b on the H200. cv = CUDA sm_90 (Release), hv = HIP on
# NVIDIA (nvcc 11.8 under hipcc's NVIDIA platform). Conformance of every dtype variant (default tier) on both, the
# large tier of four variants on CUDA, compute-sanitizer racecheck and synccheck of the kernels the last sessions'
# plans reach (forward 16-bit -> f32 rows on-chip, clusters, the one-launch exchange, the re-read), memcheck once.
set -u
S=/tmp; for b in cv hv; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "cv hv $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 14 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((470 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
V=('fwd f32->f32' 'fwd f16->f16' 'fwd bf16->bf16' 'fwd f16->f32' 'fwd f32->f16' 'fwd bf16->f32' 'fwd f32->bf16' 'fwd f16->bf16' 'fwd bf16->f16' 'bwd y,dy:f32 dx:f32' 'bwd y,dy:f16 dx:f16' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f32' 'bwd y,dy:f32 dx:f16' 'bwd y,dy:bf16 dx:f32' 'bwd y,dy:f32 dx:bf16' 'bwd y,dy:f16 dx:bf16' 'bwd y,dy:bf16 dx:f16')
for v in 'fwd f32->f32' 'fwd bf16->f32' 'bwd y,dy:f32 dx:f32' 'bwd y,dy:bf16 dx:bf16'; do C cv L-cv-$(echo "$v" | tr -c 'a-z0-9' '_') $S/stage-cv/smax_conformance --large --variant "$v"; done
for v in "${V[@]}"; do C cv c-cv-$(echo "$v" | tr -c 'a-z0-9' '_') $S/stage-cv/smax_conformance --variant "$v"; done
for v in "${V[@]}"; do C hv c-hv-$(echo "$v" | tr -c 'a-z0-9' '_') $S/stage-hv/smax_conformance --variant "$v"; done
B=$S/stage-cv
SAN() { local tool=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$B timeout 90 compute-sanitizer --tool $tool --print-limit 5 $B/smax-bench --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 "$@" > $L/san-$tag.txt 2>&1
  echo "san $tool $tag: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/san-$tag.txt | tr '\n' ' ')"; }
for tool in racecheck synccheck; do
  SAN $tool bf16f32-575 --algo auto --dtype bf16,f32 --shape 1001x575 --shape 1001x264
  SAN $tool f32-cluster --algo auto --dtype f32 --shape 64x65536 --backward
  SAN $tool bf16-coop --algo multiblock --dtype bf16 --shape 300x262144
  SAN $tool f32-reread --algo auto --dtype f32 --shape 1x8388608
done
SAN memcheck f16f32-513 --algo auto --dtype f16,f32 --shape 1001x513 --shape 3x14
t sanitizer
wait; t conformance
for b in cv hv; do cat $L/c-$b-*.txt 2>/dev/null | awk -v b="$b" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5; n2++} /^exit /{n++; if ($2!=0) bad++} END{printf "%s default tier: %d passed, %d failed, %d skipped over %d variants (%d finished), %d nonzero exits\n", b, p, f, s, n, n2, bad}'; done
cat $L/L-cv-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5; n2++} /^exit /{n++; if ($2!=0) bad++} END{printf "cv --large (4 variants): %d passed, %d failed, %d skipped, %d finished, %d nonzero exits\n", p, f, s, n2, bad}'
grep -h "FAIL" $L/c-*.txt $L/L-*.txt | head -10; grep -l "^exit [^0]" $L/c-*.txt $L/L-*.txt
t end
