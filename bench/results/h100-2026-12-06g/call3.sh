#!/usr/bin/env bash
# PREPARED, NOT RUN (no H100 was lent in time this session). call3.sh (sixty-sixth session, H100):
# (1) ncu at the benchmark's clocks of the f32 gradient's device-memory exchange at 256 x 1M (a unit holds 3 of its
#     rows at once; 81% of copy), 256 x 600000 (6; 87) and 1024 x 262144 (12; 96), and of the forward's at 256 x 1M
#     (94): call 1 found that holding more rows at once by streaming part of each chunk lost.
# (2) A B B A, the exchange's group at 256 x 1M, 32 x 1M (main: 512 items) and 256 x 600000 (main: 256) against the
#     other size, gradient and forward (items.txt).
# (3) A B B A, HIP on NVIDIA's 16-bit forward exchange (hnv16.txt) in smaller groups: nvcc 11.8 takes 48 registers an
#     item there, so a unit holds 2 groups of 512 (on-chip memory allows 3) at 64 x 4M and 5 of 256 (6) at 256 x 2M;
#     groups of half the size fit what the memory allows. CUDA's figures beside them (cu-g, main's plans).
# Builds (Release): cu-g = main 436c6c0's CUDA backend (sm_90) + exchange-items.diff; hnv-g = main 436c6c0's HIP
# backend on NVIDIA (scripts/hip-nvidia-toolchain.sh) + exchange-items.diff. The diff only reads
# SMAX_DEV_EXCHANGE_ITEMS (development knob, not main): unset, both run main's plans.
# Run: END=540 bash bench/results/h100-2026-12-06g/call3.sh (carry .dev/stage/cu-g.txz, .dev/stage/hnv-g.txz)
set -u
R=bench/results/h100-2026-12-06g; S=/tmp; for b in cu-g hnv-g; do tar xJf .dev/stage/$b.txz -C $S; done
B=$S/stage-cu-g; END=${END:-540}
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs *.csv && rm -rf logs *.csv' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }; left() { echo $((END-(SECONDS-t0))); }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
SB() { local tag=$1 b=$2 shapes=$3; shift 3; local N=$S/stage-$b
  [ $(left) -lt 30 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto --shapes $shapes "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %s %s%%; ", s, $3, $i, $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
# (3) first: the shortest and the one with a fix in view
for v in m h h m; do
  if [ $v = m ]; then SB hnv-main-$SECONDS hnv-g $R/hnv16.txt --dtype bf16; SB cu-main-$SECONDS cu-g $R/hnv16.txt --dtype bf16
  else SMAX_DEV_EXCHANGE_ITEMS=256 SB hnv-256-$SECONDS hnv-g $R/hnv16.txt --dtype bf16
       SMAX_DEV_EXCHANGE_ITEMS=128 SB hnv-128-$SECONDS hnv-g $R/hnv16.txt --dtype bf16; fi
done
t "hip on nvidia"
# (1)
for item in 256x1048576:--backward 256x600000:--backward 1024x262144:--backward 256x1048576:; do
  IFS=: read -r sh dir <<< "$item"; tag=$sh${dir:+-bwd}
  l=$(left); [ $l -lt 150 ] && { echo "ncu $tag: skipped (time)"; continue; }; [ $l -gt 100 ] && l=100
  t "ncu $tag"
  LD_LIBRARY_PATH=$B timeout $l ncu --clock-control none --section SpeedOfLight --section LaunchStats --section Occupancy \
    --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis \
    --metrics 'regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio' \
    -k regex:mb_onchip --launch-skip 2 --launch-count 1 -o $L/rep-$tag \
    $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.001 --rotate-mb 0 --algo auto --dtype f32 $dir --shape $sh > $L/ncu-$tag.txt 2>&1; echo "rc=$?"
  ncu -i $L/rep-$tag.ncu-rep --page details --csv > $OUT/details-$tag.csv 2>&1
  grep -E '"(Duration|DRAM Throughput|Memory Throughput|L2 Hit Rate|Registers Per Thread|Achieved Occupancy|Theoretical Occupancy|Grid Size|Block Size|Dynamic Shared Memory Per Block|Waves Per SM|Block Limit Registers|Block Limit Shared Mem|Warp Cycles Per Issued Instruction|Eligible Warps Per Scheduler|No Eligible|Issued Warp Per Scheduler)"' $OUT/details-$tag.csv | awk -F'","' '{print $(NF-2)" = "$NF}' | tr -d '"'
  grep -E 'issue_stalled' $OUT/details-$tag.csv | awk -F'","' '{v=$NF; gsub(/[",]/,"",v); if (v+0 >= 0.3) print $(NF-2)" = "v}' | tr -d '"'
done
t "ncu"
# (2)
for dir in --backward ""; do for v in m g g m; do
  if [ $v = m ]; then SB items-m${dir:+-bwd}-$SECONDS cu-g $R/items.txt --dtype f32 $dir
  else SMAX_DEV_EXCHANGE_ITEMS=256 SB items-256${dir:+-bwd}-$SECONDS cu-g $R/items.txt --dtype f32 $dir
       SMAX_DEV_EXCHANGE_ITEMS=512 SB items-512${dir:+-bwd}-$SECONDS cu-g $R/items.txt --dtype f32 $dir; fi
done; done
t end
