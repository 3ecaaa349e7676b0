#!/usr/bin/env bash
# call 5 (2026-11-28, ninth session), a measurement for the next session, nothing of it landed: few rows spread over
# floor(CUs / rows) chunks (SMAX_DEV_FEW_FLOOR=1, a development switch) instead of ceil: 32 x 32000 in 4 chunks a row (128
# groups on 132 units) instead of 5 (160 groups, so 28 units run two; call 1's ncu: 9.8 us, DRAM 12.6%, occupancy 15%).
set -u
S=/tmp; tar xJf .dev/stage/few.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"
N=$S/stage-few
R() { local tag=$1; shift
  LD_LIBRARY_PATH=$N timeout 40 $N/smax-bench --no-overhead --quiet --reps 11 --max-seconds 0.3 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s:%s_%s_%s %s %s; ", s, $3, $4, $5, $(NF-1), $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
i=0
for f in 0 1 1 0 0 1; do i=$((i+1)); [ $f = 1 ] && export SMAX_DEV_FEW_FLOOR=1 || unset SMAX_DEV_FEW_FLOOR
  R r$i-f32-f$f --dtype f32 --shape 32x32000 --shape 16x32000 --shape 64x32000
  R r$i-bf16-f$f --dtype bf16 --shape 32x32000 --shape 16x32000
  R r$i-bwd-f$f --backward --dtype f32 --shape 32x32000
  t r$i
  [ $SECONDS -gt 120 ] && break
done
t end
