#!/usr/bin/env bash
# H100 call 10 (session 2026-11-24 14:16): base = de7cfb7; idle = 16-bit tiles take row slots of
# twice their cap (forward 256 items, gradient 128) where the register kernel would leave a third or
# more of a row's slots idle (rows just past a power of two). Two alternating rounds; CUDA
# conformance of idle's 16-bit variants.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
run() { # variant tag args...
  local v=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 200 .dev/stage/ab/$v/smax-bench --algo auto "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
}
F=""; for c in 2049 2500 2731 3001 3500 4001; do F="$F --shape $((33554432 / c))x$c"; done
G=""; for c in 1025 1100 1300 1367 1500 1801; do G="$G --shape $((33554432 / c))x$c"; done
for round in 1 2; do
  for v in base idle; do
    run $v r$round-$v-bf16 --dtype bf16 $F
    run $v r$round-$v-f16log --dtype f16 --log $F
    run $v r$round-$v-bwd-bf16 --backward --dtype bf16 $G
  done
done
t "timings done"
N=$PWD/.dev/stage/ab/idle
for v in 'fwd bf16->bf16' 'fwd f16->f16' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:bf16'; do
  tag=conf-$(echo "$v" | tr -c 'a-z0-9' '_')
  ( LD_LIBRARY_PATH=$N timeout 200 $N/smax_conformance --variant "$v" > $logs/$tag.txt 2>&1; echo "exit $?" >> $logs/$tag.txt ) &
done
wait
for f in $logs/conf-*.txt; do echo "$(basename $f): $(tail -2 $f | tr '\n' ' ')"; done
t "conformance done"
