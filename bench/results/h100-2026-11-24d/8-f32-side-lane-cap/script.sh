#!/usr/bin/env bash
# H100 call 8 (session 2026-11-24 07:59): the tile rule's lane cap where one side is f32, 16 (cur =
# 011198a) against 32 (l32): the rows of 257..512 columns that the cap moves from the register kernel
# to tiles, every mixed pair, forward and gradient. Two alternating rounds.
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
  LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 60 .dev/stage/ab/$v/smax-bench --algo auto "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
}
S="--shape 100000x333 --shape 110000x300 --shape 120000x257 --shape 80000x400 --shape 60000x500"
for round in 1 2; do
  for v in cur l32; do
    for d in bf16,f32 f32,bf16 f16,f32 f32,f16; do
      run $v r$round-$v-$d --dtype $d $S
    done
    run $v r$round-$v-bwd-f32,bf16 --backward --dtype f32,bf16 $S
    run $v r$round-$v-bwd-bf16,f32 --backward --dtype bf16,f32 $S
  done
done
t end
