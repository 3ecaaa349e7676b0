#!/usr/bin/env bash
# A/B: builds named in $AB (dirs with libsmax + bench/smax-bench), alternating rounds, smax-bench auto.
set -u
mkdir -p $OUT/ab
for f in .dev/stage/*.txz; do tar xJf "$f"; done
run() { local b=$1; shift; LD_LIBRARY_PATH=$PWD/$b timeout 120 $b/bench/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@"; }
F32="--shape 1x4194304 --shape 1x8388608 --shape 1x16777216 --shape 256x1048576 --shape 32x1048576 --shape 1024x262144 --shape 4096x128256 --shape 8192x32768 --shape 4096x65536 --shape 8192x50257 --shape 32x32000"
B16="--shape 1x8388608 --shape 1x16777216 --shape 1x33554432 --shape 256x1048576 --shape 1024x262144 --shape 4096x128256 --shape 8192x50257 --shape 32x32000"
BWD="--shape 1x8388608 --shape 1x16777216 --shape 256x1048576"
for round in ${ROUNDS:-1 2}; do
  for b in $AB; do
    run $b $F32 --dtype f32 > $OUT/ab/$b-f32-r$round.txt 2>&1
    run $b $B16 --dtype bf16 > $OUT/ab/$b-bf16-r$round.txt 2>&1
    run $b $BWD --dtype f32 --backward > $OUT/ab/$b-bwdf32-r$round.txt 2>&1
    echo "$b r$round at $SECONDS" >> $OUT/ab/progress.txt
  done
done
