#!/bin/bash
# PoCL A/B (build machine, nothing else running): base = libsmax.so of a9b77b9 (main at the session's
# start), new = the working tree of this change (CPU rows in the device's native width, 16 here; the
# lifted exponential for 16-bit outputs; aligned 16-bit stores; the gradient's CPU rows), new8 = new
# with SMAX_OPENCL_OPTIONS=-DSMAX_CPU_W=8 (the width alone). 5 rounds in rotating order, `auto`, the
# default shape list (bench/shapes/pocl.txt); f32 and bf16, forward and gradient; then numpy.
out=/tmp/ab/out; mkdir -p $out
B=/work/main/build-w/bench/smax-bench
for r in 1 2 3 4 5; do
  case $r in 1|4) o="base new new8";; 2|5) o="new new8 base";; 3) o="new8 base new";; esac
  for v in $o; do
    lib=$v; opt=""; [ $v = new8 ] && { lib=new; opt="-DSMAX_CPU_W=8"; }
    for m in f32 bf16 bwd-f32 bwd-bf16; do
      case $m in f32) a="";; bf16) a="--dtype bf16";; bwd-f32) a="--backward";; bwd-bf16) a="--backward --dtype bf16";; esac
      SMAX_OPENCL_OPTIONS="$opt" LD_LIBRARY_PATH=/tmp/ab/$lib $B --algo auto --max-seconds 0.5 --quiet \
        --no-overhead $a --csv $out/$v-$m-$r.csv > $out/$v-$m-$r.txt 2>&1
      echo "$v $m $r rc=$? $(date +%T) $(cut -d' ' -f1-3 /proc/loadavg)"
    done
  done
  OMP_NUM_THREADS=1 python3 /work/main/bench/results/pocl-2026-11-23-cpu-rows/numpy_softmax.py > $out/numpy-$r.txt
done
