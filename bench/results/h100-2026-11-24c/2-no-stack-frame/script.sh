#!/usr/bin/env bash
# H100 call 2 (session 2026-11-24 05:16). The tile kernel without its stack frame (call 1's kernel kept
# e[] in local memory: 41% of copy). base = main 4ed05ef; new = working tree (tiles of 32 elements an
# item, groups of 256, rows off the vector grid); newL16: tiles of 16 an item; newG128: groups of 128;
# newA: tiles for aligned rows too. (1) A/B, two rounds; (2) other dtypes; (3) ncu of the tile kernel.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { # variant tag args...
  local v=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 60 .dev/stage/ab/$v/smax-bench --algo auto "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
}
S="--shape 300000x100 --shape 100000x333 --shape 30000x1001 --shape 8000x4095 --shape 262144x128 --shape 8192x4096"
for round in 1 2; do
  for v in base new newL16 newG128 newA; do
    run $v r$round-$v-bf16 --dtype bf16 $S
  done
  t "round $round done"
done
for v in base new; do
  run $v $v-f16 --dtype f16 $S
  run $v $v-bf16f32 --dtype bf16,f32 --shape 300000x100 --shape 30000x1001
  run $v $v-f32bf16 --dtype f32,bf16 --shape 300000x100 --shape 30000x1001
  run $v $v-bf16log --log --dtype bf16 --shape 300000x100 --shape 30000x1001
done
t "dtypes done"
prof() { # variant tag kernel-regex args...
  local v=$1 tag=$2 k=$3; shift 3
  local N=$PWD/.dev/stage/ab/$v
  timeout 100 ncu --set full --import-source yes -k regex:$k --launch-skip 3 --launch-count 1 -f -o $logs/$tag \
    env LD_LIBRARY_PATH=$N $N/smax-bench --reps 1 --max-seconds 0.01 --no-overhead --quiet "$@" > $logs/$tag-run.txt 2>&1
  ncu -i $logs/$tag.ncu-rep --page details > $logs/$tag-details.txt 2>&1
  t "ncu $tag: $(grep -E 'DRAM Throughput|Achieved Occupancy|Registers Per|Duration|Issue Slots Busy|Theoretical Occ|Block Limit' $logs/$tag-details.txt | tr -s ' ' | tr '\n' '|')"
  grep -iE 'excessive|uncoalesced|bank|stall' $logs/$tag-details.txt | head -8
  rm -f $logs/$tag.ncu-rep
}
prof new tile-bf16-100 smax_fused_tile --algo auto --dtype bf16 --shape 300000x100
prof base regs-bf16-100 smax_fused_regs --algo auto --dtype bf16 --shape 300000x100
t "end"
