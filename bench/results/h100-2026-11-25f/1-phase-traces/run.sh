#!/usr/bin/env bash
# call 1: phase traces (globaltimer) of the one-launch multi-block kernels, and the main build's timings beside them
set -u
mkdir -p $OUT/t
for f in .dev/stage/*.txz; do tar xJf "$f"; done
B=build-trace; M=build-cuda
run() { local b=$1; shift; LD_LIBRARY_PATH=$PWD/$b timeout 60 $b/bench/smax-bench --no-overhead --quiet "$@"; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/t/device.txt
for dt in f32 bf16; do
  for s in 1x8388608 1x16777216 256x1048576 1024x262144; do
    run $B --shape $s --dtype $dt --algo auto --reps 3 --max-seconds 0.05 > $OUT/t/trace-$dt-$s.txt 2>&1
    run $M --shape $s --dtype $dt --algo auto --reps 5 --max-seconds 0.1 > $OUT/t/main-$dt-$s.txt 2>&1
  done
  for s in 1024x262144 8192x50257 1x16777216; do
    run $B --shape $s --dtype $dt --backward --algo auto --reps 3 --max-seconds 0.05 > $OUT/t/trace-bwd-$dt-$s.txt 2>&1
    run $M --shape $s --dtype $dt --backward --algo auto --reps 5 --max-seconds 0.1 > $OUT/t/main-bwd-$dt-$s.txt 2>&1
  done
  echo "$dt done at $SECONDS" >> $OUT/t/progress.txt
done
ls -la $OUT/t > $OUT/t/ls.txt
tar czf $OUT/t.tgz -C $OUT t && rm -rf $OUT/t
