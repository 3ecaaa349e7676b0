#!/usr/bin/env bash
# H100 call 5 (session 2026-11-24 22:29): main = e98ce36 (x.txz, built with dev-only switches that are
# off unless set) vs cand = e98ce36 + .dev/cand.diff: the forward register kernel of 16-bit pairs holds 2
# vectors a lane (16-bit rows past 2048 columns then run on-chip), and forward f32 rows of at most a vector
# past 4 vectors of a power of two of lanes run on-chip. (A) two alternating rounds, smax-bench auto,
# 16M elements a shape; (B) peers (torch, Triton) beside cand.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) vs + .dev/cand.diff; $(date -u)"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader
S=/tmp/stage; for v in x cand; do mkdir -p $S/$v; tar xJf .dev/stage/x/$v.txz -C $S/$v; done
run() { # tag lib args
  local tag=$1 lib=$2; shift 2
  LD_LIBRARY_PATH=$S/$lib timeout 200 $S/x/smax-bench --algo auto --no-overhead --quiet --reps 5 --max-seconds 0.2 "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
}
shapes() { local s=""; for c in "$@"; do s="$s --shape $((16777216 / c))x$c"; done; echo $s; }
F="65 129 257 513 1000 1024 1025 1026 1050 1100 2048"
B="128 256 512 1000 1024 1536 2048 2056 2500 3000 4096 8192"
BM="100 1025 1365 2049 2500 4097"
H="512 1024 2048 4096"
X="1024 2048 4096"
echo "f32: $F | bf16: $B | bf16 off the grid: $BM | f16, bf16 log: $H | bf16->f32, f32->bf16, bwd bf16: $X"
for round in 1 2; do
  for v in x cand; do
    run r$round-$v-f32 $v --dtype f32 $(shapes $F)
    run r$round-$v-bf16 $v --dtype bf16 $(shapes $B)
    run r$round-$v-bf16m $v --dtype bf16 $(shapes $BM)
    run r$round-$v-f16 $v --dtype f16 $(shapes $H)
    run r$round-$v-bf16log $v --log --dtype bf16 $(shapes $H)
    run r$round-$v-bf16f32 $v --dtype bf16,f32 $(shapes $X)
    run r$round-$v-f32bf16 $v --dtype f32,bf16 $(shapes $X)
    run r$round-$v-bwdbf16 $v --backward --dtype bf16 $(shapes $X)
  done
  t "round $round"
done
PY=/opt/torch/.venv/bin/python3
peer() { # tag args
  local tag=$1; shift
  timeout 150 $PY bench/peer_bench.py --lib $S/cand/libsmax.so.0 --support $S/cand/libsmax_testsupport.so \
    --impl smax-auto,torch,triton "$@" --reps 7 --budget 0.4 --out $logs/peer-$tag > $logs/peer-$tag.txt 2>&1
  echo "peer $tag: exit $?"; grep -E "^[0-9]+x[0-9]+ " $logs/peer-$tag.txt | head -9
}
P16="--shape 2097152x128 --shape 262144x1024 --shape 131072x2048 --shape 65536x4096 --shape 16000x1025 --shape 8000x2049 --shape 8000x2500"
peer fwd-bf16 --dtype bf16 $P16
peer fwd-f16 --dtype f16 $P16
peer fwd-f32 --dtype f32 --shape 262144x513 --shape 16000x1025 --shape 262144x1024 --shape 16000x1100 --shape 12000x1365
t end
