#!/usr/bin/env bash
# PoCL sweep of columns at fixed bytes (bench/shapes/sweep-cols.txt, 2^26 elements a shape): smax-bench --algo auto
# --stat min --reps 11, f32 and bf16, softmax and gradient, ROUNDS rounds.
set -u
B=${BUILD:-build-opencl}; O=${OUT:-/tmp/pocl57/sweep/out}; R=${ROUNDS:-2}; mkdir -p $O
for r in $(seq 1 $R); do for m in "f32" "bf16" "f32 --backward" "bf16 --backward"; do
  tag=$(echo "$m" | tr -d ' -')-$r
  LD_LIBRARY_PATH=$B $B/bench/smax-bench --algo auto --stat min --reps 11 --no-overhead --quiet --dtype $m --shapes bench/shapes/sweep-cols.txt --csv $O/$tag.csv > $O/$tag.txt 2>&1
  echo "$tag exit $?"
done; done
