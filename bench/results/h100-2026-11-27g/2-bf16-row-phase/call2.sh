#!/usr/bin/env bash
# call 2 (2026-11-27, seventh session), main 03c1f2f: is bf16 10000's dip (93.6% of copy, neighbours 98-101) the rows'
# 128-byte phase (20000-byte rows: 0, 32, 64, 96) or the 4.88 vectors an item? Columns around 10000 with rows on and off
# the 128-byte line, bf16 and f16 forward, f32 rows of the same bytes; ncu's shared-memory wavefront table of 10000 and 9984.
set -u
S=/tmp; for f in .dev/stage/cuda.tgz; do tar xzf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"
R() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  LD_LIBRARY_PATH=$N timeout 100 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s:%s_%s_%s %s %s; ", s, $3, $4, $5, $(NF-1), $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
SW=""; for c in 6000 8000 9984 10000 10016 10032 10048 10064 10112 11000 12000 14000 20000; do SW="$SW --shape $((67108864 / c))x$c"; done
R bf16 cuda --dtype bf16 $SW
R f16 cuda --dtype f16 $SW
SW=""; for c in 4992 5000 5008 5016 5024 6000 7000; do SW="$SW --shape $((67108864 / c))x$c"; done
R f32 cuda --dtype f32 $SW
t sweeps
for sh in 6710x10000 6721x9984; do
  LD_LIBRARY_PATH=$S/stage-cuda timeout 100 ncu --section MemoryWorkloadAnalysis_Tables --section WarpStateStats --section SourceCounters --print-details all \
    -k regex:'smax_' --launch-skip 2 --launch-count 1 \
    $S/stage-cuda/smax-bench --reps 3 --max-seconds 0.02 --no-overhead --quiet --algo auto --dtype bf16 --shape $sh > $L/ncu-$sh.txt 2>&1
done
t end
