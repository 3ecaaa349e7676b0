#!/usr/bin/env bash
# call 4 (2026-11-27c): the peer table at 533dbf5 (a186474's kernels): bench/peer_bench.py, smax auto (CUDA
# build) vs torch vs Triton, % of copy in the same run, bench/shapes/peer.txt; issue 8's modes first
# (bf16 and f16 forward, f32 and bf16 gradient), then f32 forward, each started only while time is left.
set -u
S=/tmp; for f in .dev/stage/cuda.tgz; do tar xzf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)"
N=$S/stage-cuda
for mode in "bf16" "f32 --backward" "bf16 --backward" "f16" "f32"; do
  [ $SECONDS -gt 440 ] && { t "skipped $mode"; continue; }
  set -- $mode; d=$L/peers-$1${2:+-backward}; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout $((575 - SECONDS)) python3 bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit $(cat .dev/commit) --dtype "$@" --out $d --impl smax-auto,torch,triton --reps 10 --budget 1.0 > $d/peers.txt 2>&1
  t "peer_bench $mode: exit $?"
done
t end
