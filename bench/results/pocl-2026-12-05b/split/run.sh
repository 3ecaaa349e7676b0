#!/usr/bin/env bash
# The gradient of rows fewer than the cores on PoCL: one work-item a row (forced online = auto's plan) against the
# row split into chunks (forced multiblock = the plan the forward's auto takes there), in the same smax-bench run,
# --stat min --reps 21, ROUNDS rounds over f32, bf16, f16 and f32 log-softmax.
set -u
B=${BUILD:-build-opencl}; O=${OUT:-/tmp/pocl57/split/out}; R=${ROUNDS:-3}; mkdir -p $O
S="--shape 1x16777216 --shape 1x4194304 --shape 1x1048576 --shape 1x262144 --shape 1x140000"
for r in $(seq 1 $R); do for m in "f32" "bf16" "f16" "f32 --log"; do
  tag=$(echo "$m" | tr -d ' -')-$r
  LD_LIBRARY_PATH=$B $B/bench/smax-bench --backward --algo online,multiblock,auto --stat min --reps 21 --no-overhead --quiet --dtype $m $S --csv $O/$tag.csv > $O/$tag.txt 2>&1
  echo "$tag exit $?"
done; done
