#!/bin/bash
# PoCL A/B: old (HEAD 740843a), new (16-bit softmax rows keep their exponentials in local memory), cap16
# (the same with at most 1/16 of local memory), 5 rounds with rotating order, bf16 -> bf16, auto.
out=/tmp/ocl-ab/out; mkdir -p $out
S="--shape 16384x128 --shape 4096x1000 --shape 1024x1024 --shape 1024x4096 --shape 256x16384 --shape 32x32000 --shape 64x65536"
for r in 1 2 3 4 5; do
  case $r in 1|4) o="old new cap16";; 2|5) o="new cap16 old";; 3) o="cap16 old new";; esac
  for v in $o; do
    LD_LIBRARY_PATH=/tmp/ocl-ab/$v /tmp/ocl-ab/smax-bench --algo auto --max-seconds 1 --quiet --no-overhead --dtype bf16 $S --csv $out/$v-$r.csv > $out/$v-$r.txt 2>&1
    echo "$v $r rc=$? $(date +%T) $(cut -d' ' -f1-3 /proc/loadavg)"
  done
done
