#!/usr/bin/env bash
# H100 call 5 (session 2026-11-24 07:59): call 4's every-width row passes (w9: a switch) lost 4-7
# points at rows that take 16 slots a lane. w9if = the same widths through the if chain of base;
# w7 = widths 8, 10, 11, 12, 13, 14, 16 (if chain); base = 129bd07 (8, 10, 12, 14, 16). Two
# alternating rounds.
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
S="--shape 300000x100 --shape 200000x150 --shape 150000x196 --shape 120000x250 --shape 100000x333 --shape 60000x500 --shape 30000x1001 --shape 2000000x13 --shape 250000x127 --shape 40000x777"
B="--shape 300000x100 --shape 200000x150 --shape 150000x196 --shape 100000x333 --shape 2000000x13"
for round in 1 2; do
  for v in base w9if w7; do
    run $v r$round-$v-bf16 --dtype bf16 $S
  done
done
t "forward done"
for v in base w9if w7; do
  run $v $v-bwd-bf16 --backward --dtype bf16 $B
done
t "gradient done"
