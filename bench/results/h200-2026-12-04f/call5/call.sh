#!/usr/bin/env bash
# call 5 (fifty-first session, H200): HIP on NVIDIA (hn) 13 points behind CUDA's own exchange (cu, SMAX_CLUSTERS=0) at
# 8 and 16 chunks, level or ahead at 32 (call 1), the same kernel source and plan: ncu at the benchmark's clocks
# (--clock-control none) of the gradient's device-memory exchange, f32 4096 x 32768 (c8) and 1024 x 131072 (c32).
set -u
S=/tmp; for n in cu hn; do tar xJf .dev/stage/$n.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs *.csv && rm -rf logs *.csv' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "c51-5; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
export SMAX_CLUSTERS=0
for sh in 4096x32768 1024x131072; do
  for v in cu hn; do
    t "ncu $sh $v"; B=$S/stage-$v
    LD_LIBRARY_PATH=$B timeout 150 ncu --clock-control none --section SpeedOfLight --section LaunchStats --section Occupancy \
      --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis \
      -k regex:mb_onchip --launch-skip 2 --launch-count 1 -o $L/rep-$sh-$v \
      $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.001 --rotate-mb 0 --algo auto --dtype f32 --backward --shape $sh > $L/ncu-$sh-$v.txt 2>&1; echo "rc=$?"
    ncu -i $L/rep-$sh-$v.ncu-rep --page details --csv > $OUT/details-$sh-$v.csv 2>&1
    grep -E '"(Duration|DRAM Throughput|Registers Per Thread|Achieved Occupancy|Theoretical Occupancy|Grid Size|Block Size|Dynamic Shared Memory Per Block|Shared Memory Configuration Size|Waves Per SM|Block Limit Registers|Block Limit Shared Mem|Warp Cycles Per Issued Instruction|Eligible Warps Per Scheduler|No Eligible)"' $OUT/details-$sh-$v.csv | awk -F'","' '{print $(NF-2)" = "$NF}' | tr -d '"'
  done
done
t "timing, two rounds"
for v in cu hn hn cu; do B=$S/stage-$v; f=$L/t-$v-$SECONDS.txt
  LD_LIBRARY_PATH=$B timeout 100 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --dtype f32 --backward --shape 4096x32768 --shape 2048x65536 --shape 1024x131072 > $f 2>&1
  echo "== $v: $(grep -A1 -E '^[0-9]+x[0-9]+ ' $f | grep auto | awk '{print $NF}' | tr '\n' ' ')"
done
t end
