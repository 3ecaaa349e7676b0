#!/bin/bash
# PoCL A/B (build machine, nothing else running): base = libsmax.so of 7c37dfb, new = the working tree
# (CPU rows: max by select, sums in blocks of 4 vectors with one Kahan step a block, a scale of 1 compiled
# without multiplies, softmax outputs as v * b, bf16 stores without the NaN case where b is finite,
# aligned slot stores). 5 rounds alternating, `auto`, bench/shapes/pocl.txt; f32, bf16 and f16 forward.
out=/tmp/abc/out; mkdir -p $out
B=/work/main/build-opencl/bench/smax-bench
export POCL_CACHE_DIR=/tmp/abc/pcache
for r in 1 2 3 4 5; do
  case $r in 1|3|5) o="base new";; 2|4) o="new base";; esac
  for v in $o; do
    for m in f32 bf16 f16; do
      LD_LIBRARY_PATH=/tmp/abc/$v $B --algo auto --max-seconds 0.5 --quiet --no-overhead --dtype $m \
        --csv $out/$v-$m-$r.csv > $out/$v-$m-$r.txt 2>&1
      echo "$v $m $r rc=$? $(date +%T) $(cut -d' ' -f1-3 /proc/loadavg)"
    done
  done
done
