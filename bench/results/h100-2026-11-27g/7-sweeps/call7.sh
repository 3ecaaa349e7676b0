#!/usr/bin/env bash
# call 7 (2026-11-27, seventh session), main 7a46521: the column sweeps at fixed bytes (bench/shapes/sweep-cols.txt) that this
# session's changes touch: bf16 and f16 forward, bf16 and f32 gradient; bench/peer_bench.py, smax auto / torch / Triton.
set -u
S=/tmp; for f in .dev/stage/fix2.txz; do tar xJf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "7a46521 $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
N=$S/stage-fix2
for mode in "bf16 cols" "f16 cols" "bf16 cols --backward" "f32 cols --backward"; do
  set -- $mode; dt=$1; sw=$2; shift 2
  tag=sweep-$sw-$dt${1:+-backward}
  left=$((280 - SECONDS)); [ $left -gt 45 ] || break
  PYTHONUNBUFFERED=1 timeout $left python3 bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit 7a46521 --impl smax-auto,torch,triton --reps 7 --budget 0.5 --out $L/$tag --dtype $dt "$@" \
    --shapes bench/shapes/sweep-$sw.txt > $L/$tag.txt 2>&1
  t "$tag: exit $?"; sed -n '/^% of device/,/^effective/p' $L/$tag.txt | awk 'NR>4 && NF>3 {printf "%s %s/%s/%s; ", $1, $3, $4, $5} END{print ""}'
  rm -f $L/$tag/*.json
done
t end
