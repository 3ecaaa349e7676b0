#!/usr/bin/env bash
# Ran as ../h100-2026-12-07 call 1 (at main f79e49f, whose plans are f977f7c's). next-call8.sh (name kind nvidia-h100-x1): main f977f7c's CUDA (its plans
# as 05d1f88's, call 6).
# (1) The H100 peer table's 16-bit columns at f977f7c (the README's are a0f61c6's; call 7 measured the f32 ones):
#     bench/shapes/peer.txt, smax (CUDA sm_90, auto) / torch / Triton, cold L2, % of copy in the same run: bf16
#     gradient, bf16 forward, f16 forward.
# (2) ncu of the CUDA f32 device-memory exchange (the targets missed by most, "what the profile says limits it"):
#     the gradient at 256 x 1M (a unit holds 3 rows; 80.8% of copy), 256 x 600000 (6; 87) and 1024 x 262144 (12; 96.6),
#     the forward at 256 x 1M (94.7): stall reasons, DRAM throughput, occupancy.
# Run: END=560 bash bench/results/h100-2026-12-06h/next-call8.sh (carry .dev/stage/cu-n.txz: f977f7c's CUDA build with
# libsmax_testsupport.so, made by ../h100-2026-12-06b/stage.sh cu-n BUILD BUILD/tests/libsmax_testsupport.so;
# .dev/commit holding f977f7c)
set -u
S=/tmp; tar xJf .dev/stage/cu-n.txz -C $S
N=$S/stage-cu-n; END=${END:-560}
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs *.csv; rm -rf logs *.csv' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }; left() { echo $((END-(SECONDS-t0))); }
echo "main $(cat .dev/commit); $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
P=python3; [ -x /opt/torch/.venv/bin/python3 ] && P=/opt/torch/.venv/bin/python3
$P -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)"
PB() { local tag=$1 lim=$2; shift 2
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so --commit $(cat .dev/commit) \
    --out $L/$tag --impl smax-auto,torch,triton --reps 15 --budget 1.0 "$@" > $L/$tag.txt 2>&1
  echo "$tag (exit $?): $(grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $L/$tag.txt | awk '/^\[/{printf "\n  %s: ", $2; next} {printf "%s %s %s; ", $1, $4, ($1=="copy"?"":$6)}')"; }
# (1)
for m in "bf16 --backward" "bf16" "f16"; do
  l=$(( $(left) - 200 )); [ $l -lt 40 ] && { echo "skipped: $m"; continue; }
  [ $l -gt 110 ] && l=110
  PB peers-${m// /} $l --dtype $m
  t "$m"
done
# (2)
for item in 256x1048576:--backward 256x1048576: 256x600000:--backward 1024x262144:--backward; do
  IFS=: read -r sh dir <<< "$item"; tag=$sh${dir:+-bwd}
  l=$(left); [ $l -lt 45 ] && { echo "ncu $tag: skipped (time)"; continue; }; [ $l -gt 80 ] && l=80
  t "ncu $tag"
  LD_LIBRARY_PATH=$N timeout $l ncu --clock-control none --section SpeedOfLight --section LaunchStats --section Occupancy \
    --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis \
    --metrics 'regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio' \
    -k regex:mb_onchip --launch-skip 2 --launch-count 1 -o $L/rep-$tag \
    $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.001 --rotate-mb 0 --algo auto --dtype f32 $dir --shape $sh > $L/ncu-$tag.txt 2>&1; echo "rc=$?"
  ncu -i $L/rep-$tag.ncu-rep --page details --csv > $OUT/details-$tag.csv 2>&1
  grep -E '"(Duration|DRAM Throughput|Memory Throughput|L2 Hit Rate|Registers Per Thread|Achieved Occupancy|Theoretical Occupancy|Grid Size|Block Size|Dynamic Shared Memory Per Block|Waves Per SM|Block Limit Registers|Block Limit Shared Mem|Warp Cycles Per Issued Instruction|Eligible Warps Per Scheduler|No Eligible|Issued Warp Per Scheduler)"' $OUT/details-$tag.csv | awk -F'","' '{print $(NF-2)" = "$NF}' | tr -d '"'
  grep -E 'issue_stalled' $OUT/details-$tag.csv | awk -F'","' '{v=$NF; gsub(/[",]/,"",v); if (v+0 >= 0.3) print $(NF-2)" = "v}' | tr -d '"'
done
t end
