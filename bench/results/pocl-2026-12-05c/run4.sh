#!/usr/bin/env bash
# A B B A on PoCL, f32 softmax and bf16 -> f32 softmax: the demo shapes where run 1-3 put B at or under A, and rows of
# 1024-65536 columns at 2^26 elements (the sweep's f32 softmax, 70-80% of copy at main).
set -u
A=${A:-/tmp/wt-base/build}; B=${B:-/work/main/build-opencl}; O=${OUT:-/tmp/pocl58/out4}; mkdir -p $O
S="--shape 256x16384 --shape 1024x4096 --shape 32x32000 --shape 4096x1000 --shape 65536x1024 --shape 16384x4096 --shape 4096x16384 --shape 1024x65536"
one() { local tag=$1 b=$2; shift 2
  LD_LIBRARY_PATH=$b $b/bench/smax-bench --stat min --reps 11 --no-overhead --quiet "$@" --csv $O/$tag.csv > $O/$tag.txt 2>&1; echo "$tag exit $? $(date +%T)"; }
cd /work/main
for x in A B B A A B; do b=$A; [ $x = B ] && b=$B
  one soft-$x-$RANDOM $b --algo auto $S
  one mixed-$x-$RANDOM $b --algo auto --dtype bf16,f32 $S
done
