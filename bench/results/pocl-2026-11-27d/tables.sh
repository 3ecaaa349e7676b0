#!/usr/bin/env bash
# The PoCL backend tables at HEAD (every forced algorithm and auto, bench/shapes/pocl.txt), timed by the
# fastest batch (smax-bench --stat min: this VM's other load slows some batches by up to 3x). Run from the
# repository root on an idle machine with build-opencl built; writes beside this script.
set -eu
D=$(dirname "$0")
B="build-opencl/bench/smax-bench --algo all --stat min --reps 11 --max-seconds 1 --quiet --no-overhead"
for mode in "f32" "bf16" "f32 --backward" "bf16 --backward"; do
  set -- $mode; tag=$1${2:+-backward}
  LD_LIBRARY_PATH=build-opencl $B --dtype "$@" --csv $D/table-$tag.csv > $D/table-$tag.txt 2>&1
done
