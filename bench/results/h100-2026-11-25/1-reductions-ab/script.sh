#!/usr/bin/env bash
# H100 call 1 (session 2026-11-25 01:13): main = 004e408 (x) vs cand = the cross-warp reductions of
# smax_reduce.h (float sums and maxima: no broadcast after a butterfly, the warp totals reduced over
# log2(warps) lanes instead of a whole warp, no trailing barrier where a row's max and sum take turns
# between the scratch's halves; partials: over log2(warps) lanes). (A) two alternating rounds,
# smax-bench auto, 16M elements a shape; (B) conformance of cand, CUDA, default tier, every variant,
# and compute-sanitizer racecheck and synccheck over the shapes group.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) vs cand; $(date -u)"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader
S=/tmp/stage; for v in x cand; do mkdir -p $S/$v; tar xJf .dev/stage/x/$v.txz -C $S/$v; done
N=$S/cand
run() { # tag lib args
  local tag=$1 lib=$2; shift 2
  LD_LIBRARY_PATH=$S/$lib timeout 200 $N/smax-bench --algo auto --no-overhead --quiet --reps 5 --max-seconds 0.2 "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
}
shapes() { local s=""; for c in "$@"; do s="$s --shape $((16777216 / c))x$c"; done; echo $s; }
F="512 1024 1025 1100 1200 1365 1500 2000 2048 4096 8192 16384"
BM="100 333 1025 1365 2049 2500 4097"
B="1024 2048 4096 8192 16384"
W="1024 1025 2049 4096 4097 8192"
echo "f32: $F | bf16 off the grid: $BM | bf16: $B | bwd bf16, f32: $W"
for round in 1 2; do
  for v in x cand; do
    run r$round-$v-f32 $v --dtype f32 $(shapes $F)
    run r$round-$v-bf16m $v --dtype bf16 $(shapes $BM)
    run r$round-$v-bf16 $v --dtype bf16 $(shapes $B)
    run r$round-$v-bwdbf16 $v --backward --dtype bf16 $(shapes $W)
    run r$round-$v-bwdf32 $v --backward --dtype f32 $(shapes $W)
  done
  t "round $round"
done
( LD_LIBRARY_PATH=$N timeout 400 $N/smax_conformance > $logs/conf-cuda.txt 2>&1; echo "exit $?" >> $logs/conf-cuda.txt ) &
san() { # tool variant tag limit
  ( LD_LIBRARY_PATH=$N timeout $4 compute-sanitizer --tool $1 --error-exitcode 99 \
    $N/smax_conformance --only shapes --variant "$2" > $logs/san-$3.txt 2>&1; echo "exit $?" >> $logs/san-$3.txt ) &
}
for tool in synccheck racecheck; do
  san $tool 'fwd bf16->bf16' $tool-fwd-bf16 400
  san $tool 'fwd f32->f32' $tool-fwd-f32 400
  san $tool 'bwd y,dy:bf16 dx:bf16' $tool-bwd-bf16 400
  san $tool 'bwd y,dy:f32 dx:f32' $tool-bwd-f32 400
done
wait
t "conformance: $(tail -2 $logs/conf-cuda.txt | tr '\n' ' ')"
for f in $logs/san-*.txt; do
  t "$(basename $f .txt): $(tail -1 $f): $(grep -E 'SUMMARY' $f | tail -1) $(grep -E '^[0-9]+ passed' $f | tail -1)"
done

CO=$(ls /opt/torch/.venv/lib/python3*/site-packages/triton/backends/nvidia/bin/cuobjdump 2>/dev/null | head -1)
echo "cuobjdump: ${CO:-none}"
[ -n "$CO" ] && $CO -sass -fun smax_fused_tile_bf16_bf16 $N/libsmax.so.0 > $logs/sass-tile-bf16.txt 2>&1
[ -n "$CO" ] && $CO -sass -fun smax_fused_regs_f32_f32 $N/libsmax.so.0 > $logs/sass-regs-f32.txt 2>&1
wc -l $logs/sass-*.txt
t end
