#!/usr/bin/env bash
# call 3 (2026-11-27, sixth session), main 9d2c13b: the peer tables whose files call 2 could not bring back (too many
# files under $OUT), again, tarred: bench/peer_bench.py, smax auto vs torch vs Triton, % of copy in the same run,
# bench/shapes/peer.txt: f32 and bf16 gradient, f32 and f16 forward (call 2 kept the bf16 forward).
# (f16 last: call 2 ran out of time in it.)
set -u
S=/tmp; for f in .dev/stage/cuda.tgz; do tar xzf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs peers-* && rm -rf logs peers-*' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)"
N=$S/stage-cuda
P() { local tag=$1; shift; local d=$OUT/peers-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout $((585 - SECONDS)) python3 bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit $(cut -d' ' -f1 .dev/commit) --out $d --impl smax-auto,torch,triton --reps 10 --budget 1.0 "$@" > $d/peers.txt 2>&1
  t "peers $tag: exit $?"; }
P f32-bwd --dtype f32 --backward
P bf16-bwd --dtype bf16 --backward
P f32 --dtype f32
P f16 --dtype f16
t end
