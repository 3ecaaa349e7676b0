#!/usr/bin/env bash
# H100 call 4 (session 2026-11-24 02:57): base = a1d999d; rule = working tree: forward rows that fit but leave
# fewer than two groups a unit run as clusters (plan_cluster_row), and few rows' clusters get chunks up to
# SMAX_GROUPS_PER_CU groups a unit (fill). Forced multiblock shows the fill alone; auto both.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "base a1d999d, rule = working tree; $(date -u)"
S=$PWD/.dev/stage
N=$S/rule
PY=/opt/torch/.venv/bin/python3; [ -x $PY ] || PY=python3
pb() { # tag lib impls dtype extra shapes...
  local tag=$1 lib=$2 impl=$3 dt=$4 extra=$5; shift 5
  local sh=""; for s in "$@"; do sh="$sh --shape $s"; done
  timeout 240 $PY bench/peer_bench.py --lib $S/$lib/libsmax.so --support $N/libsmax_testsupport.so --impl $impl \
    --dtype $dt $extra $sh --reps 7 --budget 0.4 --out $logs/pb-$tag > $logs/pb-$tag.txt 2>&1
  echo "== $tag (exit $?)"; sed -n '/^% of device/,/^effective/p' $logs/pb-$tag.txt | grep -E '^(shape|[0-9]+x)' | cut -c1-50
}
R="32x32000 128x32000 256x32000 512x32000 1024x32000 2048x32000 8192x32768 8192x50257 4096x65536 512x65536 16384x16384"
for dt in f32 bf16; do
  for lib in base rule; do pb fwd-$dt-$lib $lib smax-multiblock,smax-auto $dt "" $R; done
  t fwd $dt
done
B="32x32000 128x32000 1024x32000 512x65536 128x262144"
for dt in f32 bf16; do
  for lib in base rule; do pb bwd-$dt-$lib $lib smax-multiblock,smax-auto $dt --backward $B; done
  t bwd $dt
done
for v in 'fwd f32->f32' 'fwd bf16->bf16' 'fwd f16->f32' 'bwd y,dy:f32 dx:f32' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f32'; do
  LD_LIBRARY_PATH=$N timeout 150 $N/smax_conformance --variant "$v" > "$logs/conf-$v.txt" 2>&1 &
done; wait
t "conformance rule: $(cat $logs/conf-*.txt | grep -E '^[0-9]+ passed' | awk '{p+=$1; f+=$3; s+=$5} END {print p" passed, "f" failed, "s" skipped"}')"
t end
