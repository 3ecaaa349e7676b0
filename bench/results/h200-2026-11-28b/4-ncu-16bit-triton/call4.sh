#!/usr/bin/env bash
# call 4 (2026-11-28, twelfth session, H200), main ca3c634: ncu of the 16-bit forward rows where Triton led on the H200
# in call 3 (bf16 32768 x 8192, 65536 x 4096: on-chip fused; 2097152 x 128: register kernel), smax against Triton's
# fused kernel in the same call: throughput of memory and of the SM (issue), occupancy, stall reasons.
set -u
S=/tmp; tar xJf .dev/stage/main.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
N=$S/stage-main; P=/opt/torch/.venv/bin/python3
M='regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,dram__bytes.sum'
SEC="--section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats --section ComputeWorkloadAnalysis"
sum() { echo "$1: $(grep -E '^  [a-z_A-Z0-9]+.*\(|DRAM Throughput|Compute \(SM\) Throughput|Duration|Achieved Occupancy|Registers Per|Issue Slots Busy|Executed Ipc A|issue_active|inst_executed.sum|dram__bytes.sum|stalled' $L/$1.txt | awk '/stalled/ && $NF+0 < 0.4 {next} {print}' | sed 's/smsp__average_warps_issue_stalled_//; s/_per_issue_active.ratio//' | tr -s ' ' | tr '\n' ';')"; }
for s in 32768x8192 2097152x128 65536x4096; do
  tag=ncu-smax-bf16-$s
  LD_LIBRARY_PATH=$N timeout 50 ncu --clock-control none --kernel-name regex:smax_ --launch-skip 2 --launch-count 1 $SEC --metrics "$M" \
    $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --algo auto --dtype bf16 --shape $s > $L/$tag.txt 2>&1
  sum $tag
  tag=ncu-triton-bf16-$s
  PYTHONUNBUFFERED=1 timeout 75 ncu --clock-control none --kernel-name regex:softmax_ --launch-skip 2 --launch-count 1 $SEC --metrics "$M" \
    $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so --impl triton --dtype bf16 --shape $s --reps 3 --warmup 1 --budget 0.3 --out $L/pb-$s > $L/$tag.txt 2>&1
  sum $tag
  t $s
done
t end
