#!/usr/bin/env bash
# A B B A on PoCL: A = main's OpenCL build, B = the same with the CPU rows' f32 vector stores non-temporal where
# aligned (f32 log-softmax rows and split chunks; f32 softmax rows keep their exponentials in y and are unchanged).
set -u
A=${A:-/work/main/build-opencl}; B=${B:-/tmp/wt-nt/build}; O=${OUT:-/tmp/pocl57/nt/out}; mkdir -p $O
S="--shape 524288x128 --shape 32768x2048 --shape 8192x8192 --shape 1024x65536 --shape 128x524288 --shape 256x16384 --shape 1024x1024"
one() { local tag=$1 b=$2; shift 2
  LD_LIBRARY_PATH=$b $b/bench/smax-bench --stat min --reps 11 --no-overhead --quiet "$@" --csv $O/$tag.csv > $O/$tag.txt 2>&1; echo "$tag exit $?"; }
for r in 1 2; do for x in A B B A; do b=$A; [ $x = B ] && b=$B
  one log-$x-$r$RANDOM $b --algo auto --log $S
  one split-$x-$r$RANDOM $b --algo auto --shape 1x16777216 --shape 1x4194304
  one soft-$x-$r$RANDOM $b --algo auto --shape 32768x2048 --shape 1024x65536
done; done
