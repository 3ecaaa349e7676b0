#!/usr/bin/env bash
# PoCL table at the session's commit: smax-bench --algo auto --stat min --reps 21 over the default shapes
# (bench/shapes/pocl.txt), every dtype forward, log-softmax and gradient, ROUNDS rounds interleaved by mode;
# then numpy's one-core f32 softmax (numpy_softmax.py) as many times.
set -u
B=${BUILD:-build-opencl}; O=${OUT:-/tmp/pocl57/out}; R=${ROUNDS:-3}; mkdir -p $O
modes=("f32" "bf16" "f16" "f32 --log" "bf16 --log" "f16 --log" "f32 --backward" "bf16 --backward" "f16 --backward")
for r in $(seq 1 $R); do for m in "${modes[@]}"; do
  tag=$(echo "$m" | tr -d ' -')-$r
  LD_LIBRARY_PATH=$B $B/bench/smax-bench --algo auto --stat min --reps 21 --no-overhead --quiet --dtype $m --csv $O/$tag.csv > $O/$tag.txt 2>&1
  echo "$tag exit $?"
done; OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 /usr/bin/python3 bench/results/pocl-2026-11-23-cpu-rows/numpy_softmax.py > $O/numpy-$r.txt 2>&1; done
