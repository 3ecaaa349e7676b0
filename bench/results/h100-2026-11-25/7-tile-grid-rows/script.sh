#!/usr/bin/env bash
# H100 call 7 (session 2026-11-25 01:13): main 97878e2 + .dev/tileg.diff, a dev-only planner switch:
# SMAX_X_TILEG=T runs 16-bit forward rows on the vector grid as flat tiles (smax_fused_tile) where the
# register kernel (16 elements a lane, a power of two of lanes) fills under T% of its slots; call 6's bf16
# sweep showed 384, 768, 1536 at 87-89% of copy beside 99 at 512, 1024, 2048. Off vs T=101 (every such
# row of up to 2048 columns as tiles), two alternating rounds, smax-bench auto, 16M elements a shape.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + .dev/tileg.diff; $(date -u)"
S=/tmp/stage; mkdir -p $S/cand; tar xJf .dev/stage/x/cand.txz -C $S/cand; N=$S/cand
run() { # tag tileg args
  local tag=$1 tg=$2; shift 2
  if [ "$tg" = off ]; then unset SMAX_X_TILEG; else export SMAX_X_TILEG=$tg; fi
  LD_LIBRARY_PATH=$N timeout 200 $N/smax-bench --algo auto --no-overhead --quiet --reps 5 --max-seconds 0.2 "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
  unset SMAX_X_TILEG
}
shapes() { local s=""; for c in "$@"; do s="$s --shape $((16777216 / c))x$c"; done; echo $s; }
B="48 96 192 320 384 640 768 896 1024 1152 1280 1536 1792 1920 2048"
H="384 768 1152 1536"
echo "bf16: $B | f16, bf16 log, f16->bf16: $H"
for round in 1 2; do
  for v in off 101; do
    run r$round-$v-bf16 $v --dtype bf16 $(shapes $B)
    run r$round-$v-f16 $v --dtype f16 $(shapes $H)
    run r$round-$v-bf16log $v --log --dtype bf16 $(shapes $H)
    run r$round-$v-f16bf16 $v --dtype f16,bf16 $(shapes $H)
  done
  t "round $round"
done
t end
