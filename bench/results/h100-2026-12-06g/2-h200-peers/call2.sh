#!/usr/bin/env bash
# call2.sh (sixty-sixth session): main 436c6c0 (CUDA kernels and plans as 6b8af16). The peer table, bench/shapes/peer.txt, smax (CUDA sm_90,
# auto) / torch / Triton, cold L2 (write flush), % of a device-to-device copy in the same run: f32, bf16 gradient (changed
# most since both tables), f32, bf16, f16 forward, each mode bounded so that the call ends within its 10 minutes (what does not finish runs in a later call).
# Run: END=570 bash bench/results/h100-2026-12-06g/call2.sh (carry .dev/stage/cu.txz: the CUDA build with libsmax_testsupport.so; .dev/commit)
set -u
S=/tmp; tar xJf .dev/stage/cu.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "main $(cat .dev/commit); $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
P=python3; [ -x /opt/torch/.venv/bin/python3 ] && P=/opt/torch/.venv/bin/python3
$P -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)"
N=$S/stage-cu
PB() { local tag=$1 lim=$2; shift 2
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so --commit $(cat .dev/commit) \
    --out $L/$tag --impl smax-auto,torch,triton --reps 15 --budget 1.0 "$@" > $L/$tag.txt 2>&1
  echo "$tag (exit $?): $(grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $L/$tag.txt | awk '/^\[/{printf "\n  %s: ", $2; next} {printf "%s %s %s; ", $1, $4, ($1=="copy"?"":$6)}')"; }
for m in "f32 --backward" "bf16 --backward" "f32" "bf16" "f16"; do
  left=$((${END:-570} - SECONDS)); [ $left -lt 40 ] && { echo "skipped: $m"; continue; }
  lim=$left; [ $lim -gt 150 ] && lim=150
  PB peers-${m// /} $lim --dtype $m
  t "$m"
done
