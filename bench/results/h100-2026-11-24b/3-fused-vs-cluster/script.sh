#!/usr/bin/env bash
# H100 call 3 (session 2026-11-24 02:57): main a1d999d (clusters push their partials, both directions).
# Where do clusters beat the fused kernel now: forced fused vs forced multiblock (a cluster where one fits)
# vs auto, forward and backward, f32 and bf16, few rows of 32000 and rows that fit on-chip but hold few
# groups a unit. cap2 = a1d999d with SMAX_CLUSTER_GROUPS_PER_CU 2 (clusters down to 2 groups a unit).
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit); $(date -u)"
S=$PWD/.dev/stage
N=$S/new
PY=/opt/torch/.venv/bin/python3; [ -x $PY ] || PY=python3
pb() { # tag lib impls dtype extra shapes...
  local tag=$1 lib=$2 impl=$3 dt=$4 extra=$5; shift 5
  local sh=""; for s in "$@"; do sh="$sh --shape $s"; done
  timeout 240 $PY bench/peer_bench.py --lib $S/$lib/libsmax.so --support $N/libsmax_testsupport.so --impl $impl \
    --dtype $dt $extra $sh --reps 7 --budget 0.4 --out $logs/pb-$tag > $logs/pb-$tag.txt 2>&1
  echo "== $tag (exit $?)"; sed -n '/^% of device/,/^effective/p' $logs/pb-$tag.txt | grep -E '^(shape|[0-9]+x)' | cut -c1-60
}
R="32x32000 128x32000 256x32000 512x32000 1024x32000 8192x50257 4096x65536 512x65536"
for dt in f32 bf16; do
  pb fwd-$dt new smax-fused,smax-multiblock,smax-auto $dt "" $R
  t fwd $dt
done
for dt in f32 bf16; do
  pb bwd-$dt new smax-fused,smax-multiblock,smax-auto $dt --backward $R
  t bwd $dt
done
C="1024x262144 256x1048576 4096x128256 512x131072"
for dt in f32 bf16; do
  for lib in new cap2; do pb cap-fwd-$dt-$lib $lib smax-auto $dt "" $C; done
  for lib in new cap2; do pb cap-bwd-$dt-$lib $lib smax-auto $dt --backward $C; done
  t cap $dt
done
t end
