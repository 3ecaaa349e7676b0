#!/usr/bin/env bash
# A B D D B A on PoCL, f32 log-softmax: A = main 2572969's OpenCL build; B = nt-v2 (the output pass's f32 vectors
# non-temporal where aligned) with the sum pass's next-row touch off for f32 outputs; D = that touch off alone.
set -u
A=${A:-/work/main/build-opencl}; B=${B:-/tmp/wt-nt3/build}; D=${D:-/tmp/wt-nt4/build}; O=${OUT:-/tmp/pocl57/nt/out3}; mkdir -p $O
S="--shape 524288x128 --shape 131072x512 --shape 32768x2048 --shape 1024x65536"
one() { local tag=$1 b=$2; shift 2
  LD_LIBRARY_PATH=$b $b/bench/smax-bench --stat min --reps 11 --no-overhead --quiet "$@" --csv $O/$tag.csv > $O/$tag.txt 2>&1; echo "$tag exit $?"; }
for x in A B D D B A; do b=$A; [ $x = B ] && b=$B; [ $x = D ] && b=$D
  one log-$x-$RANDOM $b --algo auto --log $S
done
