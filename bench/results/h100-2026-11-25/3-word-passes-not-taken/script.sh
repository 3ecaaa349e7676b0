#!/usr/bin/env bash
# H100 call 3 (session 2026-11-25 01:13): main = 004e408 (x) vs red = x + the cross-warp reductions of
# smax_reduce.h (call 1's cand) vs cand = red + the word passes of the forward tile kernel (16-bit inputs
# and outputs: two elements per on-chip access). (A) three alternating rounds, smax-bench auto, 16M
# elements a shape; (B) peers (torch, Triton) beside cand.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) vs red vs cand; $(date -u)"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader
S=/tmp/stage; for v in x red cand; do mkdir -p $S/$v; tar xJf .dev/stage/x/$v.txz -C $S/$v; done
N=$S/cand
run() { # tag lib args
  local tag=$1 lib=$2; shift 2
  LD_LIBRARY_PATH=$S/$lib timeout 200 $N/smax-bench --algo auto --no-overhead --quiet --reps 5 --max-seconds 0.2 "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
}
shapes() { local s=""; for c in "$@"; do s="$s --shape $((16777216 / c))x$c"; done; echo $s; }
BM="7 13 100 150 250 333 513 777 1001 1025 1100 1365 1500 1801 2047 2500"
H="100 333 1025 2049 2500"
echo "bf16 off the grid: $BM | f16, bf16 log, f16->bf16: $H"
for round in 1 2 3; do
  for v in x red cand; do
    run r$round-$v-bf16m $v --dtype bf16 $(shapes $BM)
    run r$round-$v-f16 $v --dtype f16 $(shapes $H)
    run r$round-$v-bf16log $v --log --dtype bf16 $(shapes $H)
    run r$round-$v-f16bf16 $v --dtype f16,bf16 $(shapes $H)
  done
  t "round $round"
done
PY=/opt/torch/.venv/bin/python3
peer() { # tag args
  local tag=$1; shift
  timeout 150 $PY bench/peer_bench.py --lib $N/libsmax.so.0 --support $N/libsmax_testsupport.so \
    --impl smax-auto,torch,triton "$@" --reps 7 --budget 0.4 --out $logs/peer-$tag > $logs/peer-$tag.txt 2>&1
  echo "peer $tag: exit $?"; grep -E "^[0-9]+x[0-9]+ " $logs/peer-$tag.txt | head -9
}
peer fwd-bf16 --dtype bf16 --shape 600000x100 --shape 50000x333 --shape 16000x1025 --shape 12000x1365 --shape 8000x2049 --shape 8000x2500
t peers
t end
