#!/usr/bin/env bash
# PoCL (the build machine's CPU, 2 cores): f16 input of the CPU rows loaded by vload_half8 from global memory where
# the vector's address is 16-byte aligned (kernels/smax_cpu_rows.h, smax_cpu_load), against main (the bits through
# private memory everywhere). usage: run.sh A_DIR B_DIR OUT_DIR, each DIR holding smax-bench and libsmax.so*.
# A B B A per dtype and direction; smax-bench --algo auto --stat min over 21 batches, the default shape list
# (bench/shapes/pocl.txt); GB/s (the copy beside it moves by a third from run to run here, so % of copy is noisier).
set -u
A=$1; B=$2; O=$3; mkdir -p $O
export POCL_CACHE_DIR=${POCL_CACHE_DIR:-/tmp/pocl-cache-bench}
run() { local b=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$b $b/smax-bench --algo auto --reps 21 --no-overhead --quiet --stat min "$@" > $O/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s (%s%%); ", s, $(NF-1), $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $O/$tag.txt)"; }
for d in "f16" "f16 --log" "f16 --backward" "f16,f32" "bf16"; do
  t=$(echo $d | tr -c 'a-z0-9' '_')
  run $A a1-$t --dtype $d; run $B b1-$t --dtype $d; run $B b2-$t --dtype $d; run $A a2-$t --dtype $d
done
