#!/usr/bin/env bash
# H100 call 3 (session 2026-11-24 14:16): base = 1081062 (sum8); spread = a tile's row slots of
# fewer than a warp take rows a warp's count apart where consecutive rows would read the same banks
# (SMAX_TILE_SPREAD_BIT, chosen by plan.c's tile_bank_ways); caps = spread with the tile's lane caps
# raised where an f32 side is written (32 items) and for the 16-bit gradient (64 items). Two
# alternating rounds; then CUDA conformance of spread's tile variants and racecheck over bf16 shapes.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
run() { # variant tag args...
  local v=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 60 .dev/stage/ab/$v/smax-bench --algo auto "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
}
S="--shape 250000x127 --shape 500000x63 --shape 500000x65 --shape 250000x129 --shape 160000x196 --shape 120000x250 --shape 300000x100 --shape 200000x150 --shape 2000000x13 --shape 1000000x33"
G="--shape 250000x127 --shape 500000x65 --shape 160000x196 --shape 300000x100"
M="--shape 120000x257 --shape 100000x333 --shape 80000x383 --shape 80000x385 --shape 60000x500"
W="--shape 60000x513 --shape 40000x777 --shape 30000x1001"
for round in 1 2; do
  for v in sum8 spread; do
    run $v r$round-$v-bf16 --dtype bf16 $S
    run $v r$round-$v-bwd-bf16 --backward --dtype bf16 $G
  done
  for v in spread caps; do
    run $v r$round-$v-bf16-f32 --dtype bf16,f32 $M
    run $v r$round-$v-bwd-bf16-f32 --backward --dtype bf16,f32 $M
    run $v r$round-$v-bwd-wide --backward --dtype bf16 $W
  done
done
t "timings done"
N=$PWD/.dev/stage/ab/spread
for v in 'fwd bf16->bf16' 'fwd f16->f16' 'fwd f32->bf16' 'fwd bf16->f32' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f32' 'bwd y,dy:f32 dx:f16'; do
  tag=conf-$(echo "$v" | tr -c 'a-z0-9' '_')
  LD_LIBRARY_PATH=$N timeout 200 $N/smax_conformance --variant "$v" > $logs/$tag.txt 2>&1
  echo "$v: exit $?: $(tail -1 $logs/$tag.txt)"
done
t "conformance done"
for v in 'fwd bf16->bf16' 'bwd y,dy:bf16 dx:bf16'; do
  tag=race-$(echo "$v" | tr -c 'a-z0-9' '_')
  LD_LIBRARY_PATH=$N timeout 240 compute-sanitizer --tool racecheck --error-exitcode 99 $N/smax_conformance --only shapes --variant "$v" > $logs/$tag.txt 2>&1
  echo "racecheck $v: exit $?: $(grep -E 'RACECHECK SUMMARY|passed' $logs/$tag.txt | tail -2 | tr '\n' ' ')"
done
t "racecheck done"
