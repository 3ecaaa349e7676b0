#!/usr/bin/env bash
# A B C C B A on PoCL: A = main's OpenCL build (95d68f3); B = the CPU rows' output pass storing f32 vectors
# non-temporal where aligned (smax_cpu_finish_from_x only: f32 log-softmax rows, split chunks' writes); C = B with f32
# softmax rows taking the output pass from x too (their exponentials no longer kept in y: two exponentials an element).
set -u
A=${A:-/work/main/build-opencl}; B=${B:-/tmp/wt-nt/build}; C=${C:-/tmp/wt-nt2/build}; O=${OUT:-/tmp/pocl57/nt/out2}; mkdir -p $O
S="--shape 524288x128 --shape 32768x2048 --shape 8192x8192 --shape 1024x65536 --shape 128x524288 --shape 256x16384 --shape 1024x1024"
one() { local tag=$1 b=$2; shift 2
  LD_LIBRARY_PATH=$b $b/bench/smax-bench --stat min --reps 11 --no-overhead --quiet "$@" --csv $O/$tag.csv > $O/$tag.txt 2>&1; echo "$tag exit $?"; }
for x in A B C C B A; do b=$A; [ $x = B ] && b=$B; [ $x = C ] && b=$C
  one log-$x-$RANDOM $b --algo auto --log $S
  one soft-$x-$RANDOM $b --algo auto $S
  one split-$x-$RANDOM $b --algo auto --shape 1x16777216 --shape 1x4194304
done
