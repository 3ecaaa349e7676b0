#!/usr/bin/env bash
# H100 call 6 (session 2026-11-24 02:57): the gradient. head = 8b8aca2 (y and dy kept through registers,
# clusters down to 3 groups a unit); bw1 = working tree (registers, clusters down to 1 group a unit for the
# gradient); bwA1 = bw1 + y and dy kept by cp.async (-DSMAX_BWD_ASYNC_KEEP); bwA3 = bwA1 with the
# gradient's cap at 3. Conformance of bwA1's gradient variants first.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
S=$PWD/.dev/stage
N=$S/bwA1
i=0
for v in 'bwd y,dy:f32 dx:f32' 'bwd y,dy:f16 dx:f16' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f32' 'bwd y,dy:f32 dx:f16' 'bwd y,dy:bf16 dx:f32' 'bwd y,dy:f32 dx:bf16' 'bwd y,dy:f16 dx:bf16' 'bwd y,dy:bf16 dx:f16'; do
  LD_LIBRARY_PATH=$N timeout 150 $N/smax_conformance --variant "$v" > $logs/conf-$i.txt 2>&1 & i=$((i+1))
done; wait
t "conformance bwA1 gradient: $(cat $logs/conf-*.txt | grep -E '^[0-9]+ passed' | awk '{p+=$1; f+=$3; s+=$5} END {print p" passed, "f" failed, "s" skipped"}')"
PY=/opt/torch/.venv/bin/python3; [ -x $PY ] || PY=python3
pb() { # tag lib impls dtype extra shapes...
  local tag=$1 lib=$2 impl=$3 dt=$4 extra=$5; shift 5
  local sh=""; for s in "$@"; do sh="$sh --shape $s"; done
  timeout 240 $PY bench/peer_bench.py --lib $S/$lib/libsmax.so --support $S/head/libsmax_testsupport.so --impl $impl \
    --dtype $dt $extra $sh --reps 7 --budget 0.4 --out $logs/pb-$tag > $logs/pb-$tag.txt 2>&1
  echo "$tag: $(sed -n '/^% of device/,/^effective/p' $logs/pb-$tag.txt | grep -E '^[0-9]+x' | awk '{printf "%s %s | ", $1, $3}')"
}
B="1024x262144 4096x128256 4096x65536 8192x32768 512x131072 2048x131072 1024x32000 16384x16384"
for dt in f32 bf16; do
  for lib in head bw1 bwA1 bwA3; do pb bwd-$dt-$lib $lib smax-auto $dt --backward $B; done
  t "bwd $dt"
done
t end
