#!/usr/bin/env bash
# A B C C B A on PoCL: A = ad2f7bb (exponentials in y), B = 1403e69 (local slot, y stored around the cache),
# C = 1403e69 with the slot's output stored the ordinary way (finish_local's `around` 0): which of the two parts
# costs bf16 -> f32 at 1024 x 4096, and which gains elsewhere.
set -u
A=/tmp/wt-base/build; B=/work/main/build-opencl; C=/tmp/wt-c/build; O=${OUT:-/tmp/pocl58/out5}; mkdir -p $O
S="--shape 1024x4096 --shape 4096x1000 --shape 256x16384 --shape 65536x1024 --shape 16384x4096 --shape 1024x65536"
one() { local tag=$1 b=$2; shift 2
  LD_LIBRARY_PATH=$b $b/bench/smax-bench --stat min --reps 11 --no-overhead --quiet "$@" --csv $O/$tag.csv > $O/$tag.txt 2>&1; echo "$tag exit $? $(date +%T)"; }
cd /work/main
for b in $C; do for d in f32 bf16,f32; do LD_LIBRARY_PATH=$b $b/bench/smax-bench --quiet --no-overhead --reps 3 --max-seconds 0.1 --algo auto --shape 64x64 --dtype $d > /dev/null 2>&1; done; echo warm $b $(date +%T); done
for x in A B C C B A; do eval b=\$$x
  one soft-$x-$RANDOM $b --algo auto $S
  one mixed-$x-$RANDOM $b --algo auto --dtype bf16,f32 $S
done
