#!/bin/bash
# A/B on PoCL: alternate the libraries of before (65e19dc, built in a worktree) and after (the
# working tree), every round over bench/shapes/pocl.txt with auto and online, then numpy.
# Run from the repository root; BEFORE and AFTER are the folders holding each libsmax.so.
out=${OUT:-/tmp/pocl-wide}; mkdir -p $out
for r in ${ROUNDS:-1 2 3 4 5}; do
  for lib in before after; do
    dir=$BEFORE; [ $lib = after ] && dir=$AFTER
    LD_LIBRARY_PATH=$dir ./build-opencl/bench/smax-bench --algo auto,online --max-seconds 1 --quiet --no-overhead \
      ${DTYPE:+--dtype $DTYPE} --csv $out/$lib${DTYPE:+-$DTYPE}-$r.csv > $out/$lib${DTYPE:+-$DTYPE}-$r.txt 2>&1
    echo "$lib $r rc=$? $(date +%T) $(cut -d' ' -f1-3 /proc/loadavg)"
  done
  [ -z "${DTYPE:-}" ] && OMP_NUM_THREADS=1 $NUMPY_PY bench/results/pocl-2026-11-23-cpu-rows/numpy_softmax.py > $out/numpy-$r.txt 2>&1
done
