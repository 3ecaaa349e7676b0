#!/usr/bin/env bash
# call 1 (2026-11-28, twelfth session), main ca3c634 on an H200: (a) the peer table (bench/peer_bench.py, smax auto vs
# torch vs Triton, % of copy in the same run, bench/shapes/peer.txt): f32 forward, f32 and bf16 gradient; (b) ncu with
# stall reasons on the three weakest one-launch kernels: the f32 gradient's device-memory exchange at 1024 x 262144 and
# 256 x 1M, and the re-read at f32 1 x 2^24.
set -u
S=/tmp; tar xJf .dev/stage/main.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
P=/opt/torch/.venv/bin/python3
$P -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)"
N=$S/stage-main
PB() { local tag=$1 lim=$2; shift 2; local d=$L/peers-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit ca3c634 --out $d --impl smax-auto,torch,triton --reps 10 --budget 0.8 "$@" > $d/peers.txt 2>&1
  t "peers $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
PB f32-bwd 150 --dtype f32 --backward
PB f32 150 --dtype f32
PB bf16-bwd 190 --dtype bf16 --backward
M='regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio'
for s in "--backward --dtype f32 --shape 1024x262144" "--backward --dtype f32 --shape 256x1048576" "--dtype f32 --shape 1x16777216"; do
  tag=ncu-$(echo $s | tr -c 'a-z0-9' '_')
  LD_LIBRARY_PATH=$N timeout $((590 - SECONDS > 120 ? 120 : 590 - SECONDS)) ncu --clock-control none --kernel-name regex:smax_ --launch-skip 2 --launch-count 1 \
    --section SpeedOfLight --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis --section LaunchStats --metrics "$M" \
    $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --algo auto $s > $L/$tag.txt 2>&1
  echo "$tag: $(grep -E '  smax_[a-z_0-9]+|DRAM Throughput|Duration|Achieved Occupancy|Registers Per|Block Limit (Reg|Shared)|stalled' $L/$tag.txt | awk '/stalled/ && $NF+0 < 0.5 {next} {print}' | tr -s ' ' | tr '\n' ';')"
done
t end
