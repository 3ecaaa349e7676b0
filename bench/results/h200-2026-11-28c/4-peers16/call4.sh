#!/usr/bin/env bash
# call 4 (2026-11-28, thirteenth session, H200), 0d80f1c ("c3"): the peer table's 16-bit forward modes (bf16, f16),
# smax auto against torch.softmax and Triton in the same run.
set -u
S=/tmp; tar xJf .dev/stage/c3.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
P=/opt/torch/.venv/bin/python3
N=$S/stage-c3
PB() { local tag=$1 lim=$2; shift 2; local d=$L/peers-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit 0d80f1c --out $d --impl smax-auto,torch,triton --reps 10 --budget 0.8 "$@" > $d/peers.txt 2>&1
  t "peers $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
PB bf16 220 --dtype bf16
PB f16 $((470 - SECONDS)) --dtype f16
t end
