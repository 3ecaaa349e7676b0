#!/usr/bin/env bash
# call (prepared in the fifty-sixth session, for the next H100): does plan_cache_share, the gradient's
# fused groups held three a unit so that the rest of the store stays L1 cache, pay on the H100 too?
# It is gated to devices whose memory outpaces the H100's (measured on the H200 only, h200-2026-12-02d);
# the H100 sweep of 2026-12-05 ran the f32 gradient at 11184 x 6000 at 96.8% of copy, Triton 101.6.
# Builds: cu = main a0f61c6; cu-share = the same with the gate lifted (.dev/cache-share-h100.diff, plan.c
# only). peer_bench smax-auto, f32 and bf16 gradient around the window (5886-6909 / 11772-13817
# columns) and just outside it, A B B A, Triton in the A rounds. Bounded by END (default 585 s).
set -u
S=/tmp; for n in cu cu-share; do tar xJf .dev/stage/$n.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "main $(cat .dev/commit) and + cache-share-h100.diff; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
P=python3; [ -x /opt/torch/.venv/bin/python3 ] && P=/opt/torch/.venv/bin/python3
PB() { local tag=$1 b=$2 impl=$3; shift 3; local N=$S/stage-$b
  left=$((${END:-585} - SECONDS)); [ $left -lt 30 ] && { echo "skipped: $tag"; return; }
  PYTHONUNBUFFERED=1 timeout $left $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so --commit $(cat .dev/commit)-$b \
    --out $L/$tag --impl $impl --reps 15 --budget 1.0 "$@" > $L/$tag.txt 2>&1
  echo "$tag (exit $?): $(grep -E '^\[|^ *(copy|smax-auto|triton) ' $L/$tag.txt | awk '/^\[/{printf "\n  %s: ", $2; next} {printf "%s %s %s; ", $1, $4, ($1=="copy"?"":$6)}')"; }
for d in "f32:share-f32" "bf16:share-16"; do
  dt=${d%%:*} sh=.dev/calls/${d##*:}.txt
  PB $dt-A1 cu smax-auto,triton --shapes $sh --dtype $dt --backward
  PB $dt-B1 cu-share smax-auto --shapes $sh --dtype $dt --backward
  PB $dt-B2 cu-share smax-auto --shapes $sh --dtype $dt --backward
  PB $dt-A2 cu smax-auto,triton --shapes $sh --dtype $dt --backward
  t "$dt"
done
