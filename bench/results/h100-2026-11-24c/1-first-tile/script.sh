#!/usr/bin/env bash
# H100 call 1 (session 2026-11-24 05:16). Issue 8: forward 16-bit rows that lie back to back, moved
# as flat tiles (kernels/smax_fused_tile.h). base = main 4ed05ef; new = working tree (tile for rows
# off the vector grid); newA = new built with -DSMAX_TILE_ALIGNED_ROWS=1 (tile for aligned rows too).
# (1) A/B/C, two alternating rounds; (2) ncu of the tile kernel and of base's register kernel.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { # variant tag args...
  local v=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 90 .dev/stage/ab/$v/smax-bench --algo auto "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $(NF-1)"/"$NF"%"}' | tr '\n' ' ')"
}
S16="--shape 600000x100 --shape 2000000x100 --shape 300000x333 --shape 100000x1001 --shape 50000x2047 --shape 40000x4095 --shape 2097152x128 --shape 1000000x200 --shape 262144x1000 --shape 65536x4096"
SMIX="--shape 600000x100 --shape 100000x1001 --shape 2097152x128 --shape 65536x4096"
for round in 1 2; do
  for v in base new newA; do
    run $v r$round-$v-bf16 --dtype bf16 $S16
    run $v r$round-$v-f16 --dtype f16 $S16
    run $v r$round-$v-bf16f32 --dtype bf16,f32 $SMIX
    run $v r$round-$v-f32bf16 --dtype f32,bf16 $SMIX
  done
  t "round $round done"
done
run new r1-new-f32 --dtype f32 --shape 600000x100 --shape 600000x101
run new r1-new-bf16-log --log --dtype bf16 --shape 600000x100 --shape 100000x1001
run base r1-base-bf16-log --log --dtype bf16 --shape 600000x100 --shape 100000x1001
t "A/B done"
prof() { # variant tag kernel-regex args...
  local v=$1 tag=$2 k=$3; shift 3
  local N=$PWD/.dev/stage/ab/$v
  timeout 120 ncu --set full --import-source yes -k regex:$k --launch-skip 3 --launch-count 1 -f -o $logs/$tag \
    env LD_LIBRARY_PATH=$N $N/smax-bench --reps 1 --max-seconds 0.01 --no-overhead --quiet "$@" > $logs/$tag-run.txt 2>&1
  ncu -i $logs/$tag.ncu-rep --page details > $logs/$tag-details.txt 2>&1
  t "ncu $tag: $(grep -E 'DRAM Throughput|Achieved Occupancy|Registers Per|Duration|Issue Slots Busy|Theoretical Occ|Block Limit' $logs/$tag-details.txt | tr -s ' ' | tr '\n' '|')"
  grep -iE 'excessive|uncoalesced|bank' $logs/$tag-details.txt | head -6
}
prof new tile-bf16-100 smax_fused_tile --algo auto --dtype bf16 --shape 600000x100
prof base regs-bf16-100 smax_fused_regs --algo auto --dtype bf16 --shape 600000x100
prof newA tile-bf16-128 smax_fused_tile --algo auto --dtype bf16 --shape 2097152x128
t "end"
tar czf $final/logs.tgz -C /tmp logs
