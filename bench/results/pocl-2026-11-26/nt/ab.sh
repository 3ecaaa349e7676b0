#!/bin/bash
# PoCL A/B of streaming stores (machine otherwise idle): new = libsmax.so of 1d7c1e1, nt = the same with
# the CPU rows' output vectors stored by __builtin_nontemporal_store (aligned by smax_cpu_out_span,
# f32 too; bf16 as 32-bit words of two values) and an sfence at each row's end. 5 rounds in
# rotating order, `auto`, bench/shapes/pocl.txt; f32 and bf16, forward and gradient.
out=/tmp/ab2/out; mkdir -p $out
B=/work/main/build-w/bench/smax-bench
for r in 1 2 3 4 5; do
  case $r in 1|3|5) o="new nt";; *) o="nt new";; esac
  for v in $o; do
    for m in f32 bf16 bwd-f32 bwd-bf16; do
      case $m in f32) a="";; bf16) a="--dtype bf16";; bwd-f32) a="--backward";; bwd-bf16) a="--backward --dtype bf16";; esac
      LD_LIBRARY_PATH=/tmp/ab2/$v $B --algo auto --max-seconds 0.5 --quiet --no-overhead $a \
        --csv $out/$v-$m-$r.csv > $out/$v-$m-$r.txt 2>&1
      echo "$v $m $r rc=$? $(date +%T) $(cut -d' ' -f1-3 /proc/loadavg)"
    done
  done
done
