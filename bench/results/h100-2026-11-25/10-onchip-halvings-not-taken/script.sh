#!/usr/bin/env bash
# H100 call 10 (session 2026-11-25 01:13): main 9e77f1d + .dev/och.diff, a dev-only planner switch:
# SMAX_X_OCH=n halves the lanes of forward 16-bit rows kept on-chip n more times (more vectors a lane,
# more rows a group); the bf16 sweep (call 9) had 3000, 6000, 10000 columns at 86-92% of copy. Off vs
# n=1 vs n=2, two alternating rounds, smax-bench auto, 16M elements a shape; verification counts.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + .dev/och.diff; $(date -u)"
S=/tmp/stage; mkdir -p $S/cand; tar xJf .dev/stage/x/cand.txz -C $S/cand; N=$S/cand
run() { # tag tileg args
  local tag=$1 tg=$2; shift 2
  if [ "$tg" = off ]; then unset SMAX_X_OCH; else export SMAX_X_OCH=$tg; fi
  LD_LIBRARY_PATH=$N timeout 200 $N/smax-bench --algo auto --no-overhead --quiet --reps 5 --max-seconds 0.2 "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ') | $(grep -E 'runs:' $logs/$tag.txt | cut -c1-40)"
  unset SMAX_X_OCH
}
shapes() { local s=""; for c in "$@"; do s="$s --shape $((16777216 / c))x$c"; done; echo $s; }
B="2056 2500 3000 4097 5000 6000 8200 10000 12000 16000 20000"
H="3000 6000 10000"
echo "bf16: $B | f16, bf16 log: $H"
for round in 1 2; do
  for v in off 1 2; do
    run r$round-$v-bf16 $v --dtype bf16 $(shapes $B)
    run r$round-$v-f16 $v --dtype f16 $(shapes $H)
    run r$round-$v-bf16log $v --log --dtype bf16 $(shapes $H)
  done
  t "round $round"
done
t end
