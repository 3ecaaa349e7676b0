#!/usr/bin/env bash
# H100 call 8: why NVIDIA's OpenCL failed to build the working tree's programs (call 7): smax-bench of
# the OpenCL build prints the build log of a failed program.
final=${OUT:-/tmp/out}; mkdir -p $final
exec > $final/summary.txt 2>&1
for d in bf16 f16 f32 f32,bf16 bf16,f32; do
  echo "== $d"
  LD_LIBRARY_PATH=$PWD/.dev/stage/ocl timeout 60 .dev/stage/ocl/smax-bench --algo fused --dtype $d --shape 64x100 --reps 3 --max-seconds 0.05 --no-overhead --quiet 2>&1 | head -60
done
