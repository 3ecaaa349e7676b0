#!/usr/bin/env bash
# call 4 (2026-11-29, nineteenth session, H200): bk3 (e70731d's kernels and plans) against torch and Triton at the
# peer-table gradient shapes whose plans e70731d changed (bench/peer_bench.py, % of copy in the same run).
set -u
S=/tmp; tar xJf .dev/stage/bk3.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "bk3 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
P=/opt/torch/.venv/bin/python3
$P -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)"
N=$S/stage-bk3
PB() { local tag=$1 lim=$2; shift 2; local d=$L/peers-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit e70731d --out $d --impl smax-auto,torch,triton --reps 10 --budget 0.8 "$@" > $d/peers.txt 2>&1
  t "peers $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
PB f32-bwd 75 --dtype f32 --backward --shape 8192x50257 --shape 4096x128256 --shape 4096x65536
PB bf16-bwd 75 --dtype bf16 --backward --shape 8192x50257 --shape 1024x262144 --shape 4096x128256
t end
