#!/usr/bin/env bash
# call 2 (forty-first session, H200): the peer table at main 5a81e8e (build m41; c79308e, main's HEAD, changes docs
# only): bench/peer_bench.py, smax auto vs torch vs Triton, % of a torch copy_ in the same run, every shape of
# bench/shapes/peer.txt (PRODUCT.md section 6): f32 and bf16, forward and gradient.
set -u
S=/tmp; tar xJf .dev/stage/m41.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m41 = 5a81e8e (HEAD $(cat .dev/commit)) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
P=/opt/torch/.venv/bin/python3
$P -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)"
N=$S/stage-m41
PB() { local tag=$1 lim=$2; shift 2; local d=$L/peers-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit 5a81e8e --out $d --impl smax-auto,torch,triton --reps 10 --budget 0.8 "$@" > $d/peers.txt 2>&1
  t "peers $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
PB f32 120 --dtype f32
PB f32-bwd 120 --dtype f32 --backward
PB bf16 130 --dtype bf16
PB bf16-bwd 190 --dtype bf16 --backward
t end
