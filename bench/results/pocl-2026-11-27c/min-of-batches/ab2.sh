#!/bin/bash
# PoCL A/B by min-of-batches (loop.c: 15 batches of 10 launches, the fastest batch, and the same for a
# buffer copy of the input's bytes in the same process), 3 rounds alternating, the pocl.txt shapes.
export POCL_CACHE_DIR=/tmp/abc/pcache
for r in 1 2 3; do
  case $r in 2) o="new base";; *) o="base new";; esac
  for v in $o; do for dt in 2 1 0; do
    while read -r R C _; do
      [[ $R =~ ^[0-9]+$ ]] || continue
      echo "$v r$r $(LD_LIBRARY_PATH=/tmp/abc/$v ./loop $R $C $dt 10 15)"
    done < /work/main/bench/shapes/pocl.txt
  done; done
done
