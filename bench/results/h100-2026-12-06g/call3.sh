#!/usr/bin/env bash
# PREPARED, NOT RUN (no H100 was lent in time). call3.sh (sixty-sixth session, H100): why the f32 gradient's device-memory exchange runs at 81% of copy at 256 x 1M
# (a compute unit holds 3 of its rows at once) against 87 at 256 x 600000 (6) and 96 at 1024 x 262144 (12), where
# call 1 found that holding more rows at once by streaming part of each chunk lost: ncu at the benchmark's clocks of
# the exchange kernel at the three shapes and of the forward's at 256 x 1M (94%).
# Then, A B B A, the exchange's group at those shapes: main's (g512 at 256 x 1M and 32 x 1M, g256 at 256 x 600000)
# against the other (SMAX_DEV_EXCHANGE_ITEMS of the cu-g build), gradient and forward.
# Builds: cu = main 436c6c0's CUDA backend (Release, sm_90); cu-g = the same + exchange-items.diff (development only).
# Run: END=420 bash bench/results/h100-2026-12-06g/call3.sh (carry .dev/stage/cu.txz, .dev/stage/cu-g.txz)
set -u
S=/tmp; for b in cu cu-g; do tar xJf .dev/stage/$b.txz -C $S; done; B=$S/stage-cu; END=${END:-420}
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs *.csv && rm -rf logs *.csv' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
for item in 256x1048576:--backward 256x600000:--backward 1024x262144:--backward 256x1048576:; do
  IFS=: read -r sh dir <<< "$item"; tag=$sh${dir:+-bwd}
  left=$((END-(SECONDS-t0))); [ $left -lt 40 ] && { echo "$tag: skipped (time)"; continue; }
  [ $left -gt 120 ] && left=120
  t "ncu $tag"
  LD_LIBRARY_PATH=$B timeout $left ncu --clock-control none --section SpeedOfLight --section LaunchStats --section Occupancy \
    --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis \
    --metrics 'regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio' \
    -k regex:mb_onchip --launch-skip 2 --launch-count 1 -o $L/rep-$tag \
    $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.001 --rotate-mb 0 --algo auto --dtype f32 $dir --shape $sh > $L/ncu-$tag.txt 2>&1; echo "rc=$?"
  ncu -i $L/rep-$tag.ncu-rep --page details --csv > $OUT/details-$tag.csv 2>&1
  grep -E '"(Duration|DRAM Throughput|Memory Throughput|L2 Hit Rate|Registers Per Thread|Achieved Occupancy|Theoretical Occupancy|Grid Size|Block Size|Dynamic Shared Memory Per Block|Waves Per SM|Block Limit Registers|Block Limit Shared Mem|Warp Cycles Per Issued Instruction|Eligible Warps Per Scheduler|No Eligible|Issued Warp Per Scheduler|Stall [A-Za-z ]*)"' $OUT/details-$tag.csv | awk -F'","' '{print $(NF-2)" = "$NF}' | tr -d '"'
  grep -E 'issue_stalled' $OUT/details-$tag.csv | awk -F'","' '{v=$NF; gsub(/[",]/,"",v); if (v+0 >= 0.3) print $(NF-2)" = "v}' | tr -d '"'
done
t "ncu done"
SB() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  [ $((END-(SECONDS-t0))) -lt 30 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto --dtype f32 --shapes bench/results/h100-2026-12-06g/items.txt "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %s %s%%; ", s, $3, $i, $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
for dir in --backward ""; do for v in m g g m; do
  if [ $v = m ]; then SB items-$v${dir:+-bwd}-$SECONDS cu $dir
  else SMAX_DEV_EXCHANGE_ITEMS=256 SB items-256${dir:+-bwd}-$SECONDS cu-g $dir; SMAX_DEV_EXCHANGE_ITEMS=512 SB items-512${dir:+-bwd}-$SECONDS cu-g $dir; fi
done; done
t end
