#!/usr/bin/env bash
# ABAB on PoCL: base = /tmp/fresh2/build-opencl (358015d), new = /work/main/build-opencl (+ the next row touched)
for r in 1 2 3; do for b in base new; do
  if [ $b = base ]; then B=/tmp/fresh2/build-opencl; C=/tmp/pocl-c; else B=/work/main/build-opencl; C=/tmp/pocl-new; fi
  for d in bf16 f16 f32; do
    echo "$r $b $d $(POCL_CACHE_DIR=$C $B/bench/smax-bench --shapes /work/main/bench/shapes/pocl.txt --dtype $d --algo auto --stat min --reps 9 --quiet 2>&1 | awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s=%s ", s, $(NF-2)}')"
  done
done; done
