#!/usr/bin/env bash
# H100 call 10 (session 2026-11-24 07:59): ncu of the committed tile kernel (736a16f) where it stays
# below copy: bf16 forward 200000x150, 100000x333, 300000x100, against 120000x250 (95% of copy), at
# the GPU's own clocks (--clock-control none). Speed of light, occupancy, warp states, scheduler.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
echo "main $(cat .dev/commit); $(date -u)"
N=$PWD/.dev/stage/cuda
for s in 200000x150 100000x333 300000x100 120000x250; do
  LD_LIBRARY_PATH=$N timeout 120 ncu --clock-control none --kernel-name regex:smax_fused_tile --launch-skip 2 --launch-count 1 \
    --section SpeedOfLight --section Occupancy --section WarpStateStats --section SchedulerStats --section LaunchStats --section MemoryWorkloadAnalysis --section InstructionStats \
    $N/smax-bench --algo fused --dtype bf16 --shape $s --reps 3 --max-seconds 0.05 --no-overhead --quiet > $logs/ncu-$s.txt 2>&1
  echo "ncu $s: $(grep -E 'DRAM Throughput|Issue Slots Busy|Issued Warp Per Scheduler|Achieved Occupancy|Registers Per|No Eligible|Duration|Warp Cycles Per Issued|Executed Instructions  ' $logs/ncu-$s.txt | awk '{$1=$1};1' | tr '\n' ';')"
done
