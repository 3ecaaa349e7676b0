#!/usr/bin/env bash
# H100 profile at bc8303a: ncu on the kernels behind the remaining gaps, Triton beside two of them.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
start=$SECONDS
rm -rf build-opencl; mv build-opencl-gpu build-opencl
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader > $out/device.txt
S="--section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section MemoryWorkloadAnalysis --section ComputeWorkloadAnalysis"
prof() { # tag count smax-bench-args...
  local tag=$1 cnt=$2; shift 2
  timeout 90 ncu $S -k regex:smax_ --launch-skip 4 --launch-count $cnt env LD_LIBRARY_PATH=$PWD/build-cuda \
    build-cuda/bench/smax-bench --reps 3 --max-seconds 0.05 --no-overhead --algo auto "$@" > $out/ncu-$tag.txt 2>&1
  echo "$tag: $((SECONDS-start)) s"
}
prof f16fwd-32768x8192 1 --shape 32768x8192 --dtype f16
prof bf16fwd-32768x8192 1 --shape 32768x8192 --dtype bf16
prof f32fwd-32768x8192 1 --shape 32768x8192
prof f16fwd-8192x32768 1 --shape 8192x32768 --dtype f16
prof bf16bwd-2097152x128 1 --shape 2097152x128 --dtype bf16 --backward
prof f32bwd-2097152x128 1 --shape 2097152x128 --backward
prof bf16bwd-65536x4096 1 --shape 65536x4096 --dtype bf16 --backward
prof f32bwd-65536x4096 1 --shape 65536x4096 --backward
prof f32fwd-4096x65536 1 --shape 4096x65536
prof f32fwd-1x16777216 4 --shape 1x16777216
prof f32fwd-32x32000 4 --shape 32x32000
prof f32fwd-256x1048576 4 --shape 256x1048576
prof f32bwd-4096x65536 1 --shape 4096x65536 --backward
tri() { # tag count peer args
  local tag=$1 cnt=$2; shift 2
  timeout 120 ncu $S -k regex:softmax --launch-skip 3 --launch-count $cnt python3 bench/peer_bench.py --lib build-cuda/libsmax.so \
    --impl triton --reps 3 --warmup 1 --budget 0.2 --out /tmp/pb "$@" > $out/ncu-triton-$tag.txt 2>&1
  echo "triton $tag: $((SECONDS-start)) s"
}
tri f16fwd-32768x8192 1 --shape 32768x8192 --dtype f16
tri bf16bwd-65536x4096 1 --shape 65536x4096 --dtype bf16 --backward
tri bf16bwd-2097152x128 1 --shape 2097152x128 --dtype bf16 --backward
# smax-bench numbers of the same shapes, every algorithm
for a in "--shape 32768x8192 --dtype f16" "--shape 2097152x128 --dtype bf16 --backward" "--shape 65536x4096 --dtype bf16 --backward" "--shape 1x16777216" "--shape 32x32000" "--shape 256x1048576"; do
  LD_LIBRARY_PATH=$PWD/build-cuda timeout 60 build-cuda/bench/smax-bench --reps 5 --max-seconds 0.25 --no-overhead $a >> $out/bench.txt 2>&1
done
echo "total $((SECONDS-start)) s"
cd $out && tar czf logs.tgz *.txt
