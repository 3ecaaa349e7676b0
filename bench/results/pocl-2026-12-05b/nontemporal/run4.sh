#!/usr/bin/env bash
# A B B A on PoCL: A = main 251210c's OpenCL build, B = the change (f32 log-softmax rows stored around the cache,
# their next-row touch off). f32 log-softmax and bf16 -> f32 log-softmax over the demo shapes and rows of 2048 and
# 65536 at 2^26 elements; f32 softmax (unchanged) as a control.
set -u
A=${A:-/tmp/wt-base/build}; B=${B:-/work/main/build-opencl}; O=${OUT:-/tmp/pocl57/nt/out4}; mkdir -p $O
X="--shape 32768x2048 --shape 1024x65536"
one() { local tag=$1 b=$2; shift 2
  LD_LIBRARY_PATH=$b $b/bench/smax-bench --stat min --reps 11 --no-overhead --quiet "$@" --csv $O/$tag.csv > $O/$tag.txt 2>&1; echo "$tag exit $?"; }
for x in A B B A; do b=$A; [ $x = B ] && b=$B
  one log-$x-$RANDOM $b --algo auto --log --shapes bench/shapes/pocl.txt $X
  one mixedlog-$x-$RANDOM $b --algo auto --log --dtype bf16,f32 --shapes bench/shapes/pocl.txt
  one soft-$x-$RANDOM $b --algo auto --shapes bench/shapes/pocl.txt
done
