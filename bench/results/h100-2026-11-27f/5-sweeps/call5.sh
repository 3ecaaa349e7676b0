#!/usr/bin/env bash
# call 5 (2026-11-27, sixth session), main 9d2c13b: the sweeps at fixed bytes (bench/shapes/sweep-cols.txt: cols 128 to
# 2^20 at 2^26 elements; sweep-rows.txt: 1 to 65536 rows of 32000), smax auto vs torch vs Triton, bench/peer_bench.py
# (--reps 7 --budget 0.5): columns in f32, bf16, f16, the f32 and bf16 gradient; rows in f32, bf16 and the f32 gradient.
set -u
S=/tmp; for f in .dev/stage/cuda.tgz; do tar xzf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
N=$S/stage-cuda
for mode in "f32 cols" "bf16 cols" "f32 cols --backward" "bf16 cols --backward" "f32 rows" "bf16 rows" "f16 cols" "f32 rows --backward"; do
  set -- $mode; dt=$1; sw=$2; shift 2
  tag=sweep-$sw-$dt${1:+-backward}
  left=$((585 - SECONDS)); [ $left -gt 30 ] || break
  PYTHONUNBUFFERED=1 timeout $left python3 bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit $(cut -d' ' -f1 .dev/commit) --impl smax-auto,torch,triton --reps 7 --budget 0.5 --out $L/$tag --dtype $dt "$@" \
    --shapes bench/shapes/sweep-$sw.txt > $L/$tag.txt 2>&1
  t "$tag: exit $?"; sed -n '/^% of device/,/^effective/p' $L/$tag.txt | awk 'NR>4 && NF>3 {printf "%s %s/%s/%s; ", $1, $3, $4, $5} END{print ""}'
  rm -f $L/$tag/*.json
done
t end
