#!/usr/bin/env bash
# H100 call 9 (2026-11-25d), main ea27ea5: the bf16 forward rows that trail f32 per byte in the column
# sweep (3000, 6000, 10000 columns: 92.3, 91.6, 85.9% of copy at 8373a96) with every forced algorithm
# beside auto, and ncu of bf16 and f32 at 6710 x 10000.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit); $(date -u)"
S=/tmp/stage; for v in x pf; do mkdir -p $S/$v; tar xJf .dev/stage/x/$v.txz -C $S/$v; done
B=$S/pf/smax-bench  # the streaming smax-bench of 37e1964, on main's library
for dt in bf16 f32; do
  LD_LIBRARY_PATH=$S/x timeout 70 $B --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo all --dtype $dt \
    --shape 22369x3000 --shape 11184x6000 --shape 6710x10000 > $logs/fwd-all-$dt.txt 2>&1
  t "fwd all $dt: exit $?"; grep -E '^[0-9]|^ +(auto|fused|online|multiblock) ' $logs/fwd-all-$dt.txt
done
SEC="--section SpeedOfLight --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis --section SchedulerStats --section LaunchStats"
for dt in bf16 f32; do
  [ $((SECONDS-start)) -lt 200 ] || break
  timeout 50 ncu $SEC -k regex:smax_ --launch-skip 3 --launch-count 1 env LD_LIBRARY_PATH=$S/x \
    $B --reps 3 --max-seconds 0.05 --no-overhead --quiet --algo auto --dtype $dt --shape 6710x10000 > $logs/ncu-$dt-6710x10000.txt 2>&1
  t "ncu $dt: $(grep -E ' smax_|DRAM Throughput|Achieved Occupancy|Registers Per|Block Size|Duration|Dynamic Shared' $logs/ncu-$dt-6710x10000.txt | tr -s ' ' | tr '\n' '|')"
done
t end
