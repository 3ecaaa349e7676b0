#!/usr/bin/env bash
# PoCL (the build machine's CPU, 2 cores): the CPU rows' horizontal maximum by comparisons (the lanes hold no NaN)
# instead of fmax, against 18519a4. usage: run-max.sh A_DIR B_DIR, each DIR holding smax-bench and libsmax.so*.
# A B B A, twice; smax-bench --algo auto --stat min over 21 batches; GB/s of bf16, f16, f32 log-softmax.
set -u
export POCL_CACHE_DIR=${POCL_CACHE_DIR:-/tmp/pocl-cache-bench}
for r in 1 2; do for v in "$1" "$2" "$2" "$1"; do echo -n "$(basename $v): "
  for d in bf16 f16 "f32 --log"; do
    LD_LIBRARY_PATH=$v $v/smax-bench --algo auto --stat min --reps 21 --quiet --no-overhead --dtype $d --shape 16384x128 --shape 4096x1000 --shape 1024x1024 2>&1 | awk '$1=="auto"{printf "%s ", $(NF-1)} /FAILED verification/ && $5!=0 {print "FAILED"}'
    echo -n "| "; done; echo; done; done
