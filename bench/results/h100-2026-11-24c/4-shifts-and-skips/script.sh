#!/usr/bin/env bash
# H100 call 4 (session 2026-11-24 05:16). The tile kernel with shifts for divisions and the slots past a
# row skipped by the whole group (new), or not skipped (newNQ, -DSMAX_TILE_NO_SKIP); where it crosses
# over the register kernel (base = main 4ed05ef) in the row length. Tiles for every packed 16-bit row
# off the vector grid up to 4096 columns in both.
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
S="--shape 300000x100 --shape 250000x120 --shape 200000x150 --shape 150000x196 --shape 120000x250 --shape 100000x333 --shape 60000x500 --shape 30000x1001"
M="--shape 300000x100 --shape 150000x196 --shape 60000x500 --shape 30000x1001"
for round in 1 2; do
  for v in base new newNQ; do
    run $v r$round-$v-bf16 --dtype bf16 $S
  done
  t "round $round done"
done
for v in base new newNQ; do
  run $v $v-f16 --dtype f16 $M
  run $v $v-bf16f32 --dtype bf16,f32 $M
  run $v $v-f32bf16 --dtype f32,bf16 $M
done
t "dtypes done"
N=$PWD/.dev/stage/ab/new
timeout 100 ncu --set full --import-source yes -k regex:smax_fused_tile --launch-skip 3 --launch-count 1 -f -o $logs/tile \
  env LD_LIBRARY_PATH=$N $N/smax-bench --reps 1 --max-seconds 0.01 --no-overhead --quiet --algo auto --dtype bf16 --shape 300000x100 > $logs/tile-run.txt 2>&1
ncu -i $logs/tile.ncu-rep --page details > $logs/tile-details.txt 2>&1
ncu -i $logs/tile.ncu-rep --page source --csv --print-source sass > $logs/tile-source.csv 2>/dev/null  # (not kept: 400 KB; read with the earlier record's ncu_source.py)
rm -f $logs/tile.ncu-rep
t "ncu tile: $(grep -E 'DRAM Throughput|Achieved Occupancy|Registers Per|Duration|Issue Slots Busy|Executed Instructions  ' $logs/tile-details.txt | tr -s ' ' | tr '\n' '|')"
