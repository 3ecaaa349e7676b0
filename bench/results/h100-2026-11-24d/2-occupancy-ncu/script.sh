#!/usr/bin/env bash
# H100 call 2 (session 2026-11-24 07:59): is the tile kernel held by occupancy? new = 648ff3b (56
# registers: 4 groups of 256 an SM), b6 = the same with __launch_bounds__(256, 6) (40 registers, 12
# bytes spilled). Two alternating rounds, then ncu (speed of light, occupancy, warp states,
# scheduler) of both at bf16 100000x333 and 200000x150.
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
S="--shape 300000x100 --shape 200000x150 --shape 150000x196 --shape 120000x250 --shape 100000x333 --shape 60000x500 --shape 30000x1001 --shape 2000000x13"
for round in 1 2; do
  for v in new b6; do
    run $v r$round-$v-bf16 --dtype bf16 $S
  done
done
t "rounds done"
for v in new b6; do
  for s in 100000x333 200000x150; do
    LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 120 ncu --kernel-name regex:smax_fused_tile --launch-skip 2 --launch-count 1 \
      --section SpeedOfLight --section Occupancy --section WarpStateStats --section SchedulerStats --section LaunchStats --section MemoryWorkloadAnalysis \
      .dev/stage/ab/$v/smax-bench --algo fused --dtype bf16 --shape $s --reps 3 --max-seconds 0.05 --no-overhead --quiet > $logs/ncu-$v-$s.txt 2>&1
    echo "ncu $v $s: $(grep -E 'DRAM Throughput|Issue Slots Busy|Achieved Occupancy|Registers Per|No Eligible|Duration|Block Limit Reg|Block Limit Shared|Warp Cycles Per Issued' $logs/ncu-$v-$s.txt | awk '{$1=$1};1' | tr '\n' ';')"
    grep -E "^\s+(Stall|.*stall)" $logs/ncu-$v-$s.txt | head -5
  done
done
t "ncu done"
