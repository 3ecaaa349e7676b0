#!/usr/bin/env bash
# call 5 (twenty-sixth session, H200): ncu (--clock-control none, full set, per-instruction SASS counts) of main's
# (m26, 140f1ac) f32 1024 x 262144 forward (the device-memory exchange since b666ea0) and gradient (clusters, bulk
# copies): the peer table's f32 cells below 90% of copy (85.4 and 79.1 in call 4).
set -u
S=/tmp; tar xJf .dev/stage/m26.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m26 (main 140f1ac) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
B=$S/stage-m26
LD_LIBRARY_PATH=$B $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --dtype f32 --shape 1024x262144 --backward --dtype f32 --shape 1024x262144 > $L/bench.txt 2>&1
grep -E "auto|copy" $L/bench.txt
NC() { local tag=$1 kern=$2 skip=$3; shift 3
  LD_LIBRARY_PATH=$B timeout 150 ncu --clock-control none --kernel-name regex:$kern --launch-skip $skip --launch-count 1 --set full \
    --import-source no -o $L/$tag $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --rotate-mb 0 --algo auto "$@" > $L/ncu-$tag.txt 2>&1
  ncu --import $L/$tag.ncu-rep --page details > $L/$tag-details.txt 2>&1
  ncu --import $L/$tag.ncu-rep --page source --csv --print-source sass 2>&1 | gzip -9 > $L/$tag-sass.csv.gz; rm -f $L/$tag.ncu-rep
  echo "$tag: $(grep -E '^ +(Duration|DRAM Throughput|Issue Slots Busy|Achieved Occupancy|No Eligible|Warp Cycles Per Issued Instruction|Registers Per Thread|Block Limit Registers|Block Limit Shared Mem|Cluster Size|Grid Size|Block Size|Dynamic Shared Memory Per Block) ' $L/$tag-details.txt | awk '{$1=$1; print}' | tr '\n' ';')"
  grep -E "^ +(Stall|Warp Stall|INF|OPT|WRN)" $L/$tag-details.txt | head -20; }
NC f32fwd smax_mb 2 --dtype f32 --shape 1024x262144
NC f32bwd smax_bwd 2 --backward --dtype f32 --shape 1024x262144
t end
