#!/usr/bin/env bash
# PoCL (the build machine's CPU, 2 cores): the CPU rows' own logarithm of a log-softmax row's sum (smax_cpu_log,
# kernels/smax_cpu_rows.h) against main (PoCL's library logf). usage: run.sh A_DIR B_DIR OUT_DIR ROUNDS, each DIR an
# OpenCL build holding bench/smax-bench and libsmax.so*. A B B A per round, per dtype; smax-bench --algo auto --log
# --stat min over 21 batches at the default shapes of the "<= 16K" target and beside them; GB/s and % of the copy
# timed in the same run (the copy moves by a third from run to run on this machine).
set -u
A=$1; B=$2; O=$3; N=${4:-2}; mkdir -p $O
export POCL_CACHE_DIR=${POCL_CACHE_DIR:-/tmp/pocl-cache-bench}
S="--shape 16384x128 --shape 1024x1024 --shape 4096x1000 --shape 1024x4096 --shape 256x16384 --shape 32x32000"
run() { local b=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$b $b/bench/smax-bench --algo auto --reps 21 --no-overhead --quiet --stat min $S "$@" > $O/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s (%s%%); ", s, $(NF-1), $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $O/$tag.txt)"; }
for r in $(seq 1 $N); do
for d in "bf16" "f16" "f32" "bf16,f32"; do
  t=$(echo $d | tr -c 'a-z0-9' '_')
  run $A a$r-1-$t --log --dtype $d; run $B b$r-1-$t --log --dtype $d; run $B b$r-2-$t --log --dtype $d; run $A a$r-2-$t --log --dtype $d
done; done
