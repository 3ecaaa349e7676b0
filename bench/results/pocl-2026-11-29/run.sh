#!/usr/bin/env bash
# PoCL (the build machine's CPU, 2 cores): the multi-block phases on a CPU device walking each chunk in the device's
# vector width (forward: smax_cpu_chunk_partial / smax_cpu_chunk_write; gradient: the row functions of
# smax_backward_cpu_rows.h) and `auto` splitting rows fewer than the compute units (plan_auto_cpu), against main
# 16635b0. usage: run.sh A_BUILD B_BUILD OUT_DIR
# A B B A per dtype; smax-bench --stat min (the fastest of the batches: this machine's timing noise is one-sided).
set -u
A=$1; B=$2; O=$3; mkdir -p $O
export POCL_CACHE_DIR=${POCL_CACHE_DIR:-/tmp/pocl-cache-bench}
SH="--shape 1x16777216 --shape 1x4194304 --shape 1x1048576 --shape 1x262144 --shape 1x131072 --shape 2x8388608"
run() { local b=$1 tag=$2; shift 2
  $b/bench/smax-bench --algo online,multiblock,auto --reps 5 --max-seconds 0.5 --no-overhead --quiet --stat min "$@" $SH > $O/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="online"||$1=="multiblock"{printf "%s %s %s; ", s, substr($1,1,2), $(NF-1)} $1=="auto"{printf "%s auto %s; ", s, $(NF-2)} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $O/$tag.txt)"; }
for d in "f32" "bf16" "f16" "f32 --log" "f32 --backward" "bf16 --backward" "f16 --backward" "f32 --log --backward"; do
  t=$(echo $d | tr -c 'a-z0-9' '_')
  run $A a1-$t --dtype $d; run $B b1-$t --dtype $d; run $B b2-$t --dtype $d; run $A a2-$t --dtype $d
done
