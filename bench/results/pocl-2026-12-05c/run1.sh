#!/usr/bin/env bash
# A B B A on PoCL: A = main ad2f7bb's OpenCL build (/tmp/wt-base/build), B = the change (softmax into f32 keeps its
# exponentials in a local slot and stores its output around the cache). f32 softmax and bf16 -> f32 softmax over the
# demo shapes and rows of 2048 and 65536 at 2^26 elements; f32 log-softmax (unchanged) as a control.
set -u
A=${A:-/tmp/wt-base/build}; B=${B:-/work/main/build-opencl}; O=${OUT:-/tmp/pocl58/out1}; mkdir -p $O
X="--shape 32768x2048 --shape 1024x65536"
one() { local tag=$1 b=$2; shift 2
  LD_LIBRARY_PATH=$b $b/bench/smax-bench --stat min --reps 11 --no-overhead --quiet "$@" --csv $O/$tag.csv > $O/$tag.txt 2>&1; echo "$tag exit $? $(date +%T)"; }
cd /work/main
for b in $A $B; do LD_LIBRARY_PATH=$b $b/bench/smax-bench --quiet --no-overhead --reps 3 --max-seconds 0.1 --algo auto --shape 64x64 --dtype f32 > /dev/null 2>&1; LD_LIBRARY_PATH=$b $b/bench/smax-bench --quiet --no-overhead --reps 3 --max-seconds 0.1 --algo auto --shape 64x64 --dtype bf16,f32 > /dev/null 2>&1; echo warm $b $(date +%T); done
for x in A B B A; do b=$A; [ $x = B ] && b=$B
  one soft-$x-$RANDOM $b --algo auto --shapes bench/shapes/pocl.txt $X
  one mixed-$x-$RANDOM $b --algo auto --dtype bf16,f32 --shapes bench/shapes/pocl.txt
  one log-$x-$RANDOM $b --algo auto --log --shapes bench/shapes/pocl.txt
done
