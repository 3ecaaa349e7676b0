#!/bin/bash
# A/B: alternate the libraries of before and after, three rounds, every forced algorithm and auto.
cd /work/wt-pocl
out=/tmp/pocl-ab/csv; mkdir -p $out
for r in ${ROUNDS:-1 2 3}; do
  for lib in before after; do
    LD_LIBRARY_PATH=/tmp/pocl-ab/$lib ./build-opencl/bench/smax-bench --max-seconds 1 --quiet --no-overhead --csv $out/$lib-$r.csv > $out/$lib-$r.txt 2>&1
    echo "$lib $r rc=$? $(date +%T) $(cut -d' ' -f1-3 /proc/loadavg)"
  done
  OMP_NUM_THREADS=1 /tmp/pocl-venv/bin/python /tmp/pocl-exp/np.py > $out/numpy-$r.txt 2>&1
done
