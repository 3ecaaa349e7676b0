#!/usr/bin/env bash
# H100 call 9 (session 2026-11-24 14:16): ncu where 16-bit rows just past 1024 columns stay low
# (call 7: bf16 16000x1025 forward 79%, gradient 66%) against 1100 and 1500 columns (88, 99% as tiles
# in call 5), at the GPU's own clocks, one launch each.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
echo "main $(cat .dev/commit); $(date -u)"
N=$PWD/.dev/stage/cuda
prof() { # tag kernel-regex args...
  local tag=$1 k=$2; shift 2
  LD_LIBRARY_PATH=$N timeout 120 ncu --clock-control none --kernel-name regex:$k --launch-skip 2 --launch-count 1 \
    --section SpeedOfLight --section Occupancy --section WarpStateStats --section SchedulerStats --section LaunchStats --section MemoryWorkloadAnalysis --section InstructionStats \
    $N/smax-bench --algo auto "$@" --reps 3 --max-seconds 0.05 --no-overhead --quiet > $logs/ncu-$tag.txt 2>&1
  echo "ncu $tag: $(grep -E 'DRAM Throughput|L1/TEX Cache Throughput|Issued Warp Per Scheduler|Achieved Occupancy|Registers Per|No Eligible|Duration|Executed Instructions  |Waves Per SM|Grid Size|Block Size' $logs/ncu-$tag.txt | awk '{$1=$1};1' | tr '\n' ';')"
}
prof fwd-1025 smax_ --dtype bf16 --shape 16000x1025
prof fwd-1100 smax_ --dtype bf16 --shape 15252x1100
prof fwd-1500 smax_ --dtype bf16 --shape 11184x1500
prof bwd-1025 smax_ --backward --dtype bf16 --shape 16000x1025
prof bwd-1100 smax_ --backward --dtype bf16 --shape 15252x1100
for f in $logs/ncu-*.txt; do echo "== $f"; grep -E "smax_.*\(|Stall|stall" $f | head -12; done
