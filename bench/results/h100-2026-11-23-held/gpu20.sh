#!/usr/bin/env bash
# H100: CUDA conformance (default tier) of the working tree beside smax-bench of the changed paths
# (16-bit rows in registers up to 256 items, held 16-bit gradient, three-phase: batched partials,
# last merge level in phase 3, back-to-front second pass), then ncu of the new paths.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
start=$SECONDS
rm -rf build-opencl; mv build-opencl-gpu build-opencl
( LD_LIBRARY_PATH=$PWD/build-cuda:$PWD/build-cuda/tests timeout 300 build-cuda/tests/smax_conformance > $out/conformance-cuda.txt 2>&1; echo "exit $?" >> $out/conformance-cuda.txt ) &
B="env LD_LIBRARY_PATH=$PWD/build-cuda build-cuda/bench/smax-bench --reps 5 --max-seconds 0.25 --no-overhead"
for d in f16 bf16 f32; do
  $B --dtype $d --shape 65536x4096 --shape 32768x8192 --shape 40000x5000 --shape 30000x7999 --shape 16384x16384 --algo fused,auto >> $out/bench-fwd.txt 2>&1
done
for d in bf16 f16 f32; do
  $B --dtype $d --backward --shape 2097152x128 --shape 65536x4096 --shape 32768x8192 --shape 40000x5000 --algo fused,auto >> $out/bench-bwd.txt 2>&1
done
$B --shape 1x16777216 --shape 1x268435456 --shape 2x16777216 --shape 256x1048576 --shape 32x32000 --algo multiblock,auto >> $out/bench-mb.txt 2>&1
$B --backward --shape 1x16777216 --shape 1x268435456 --algo multiblock,auto >> $out/bench-mb.txt 2>&1
$B --dtype bf16 --shape 1x16777216 --shape 1x268435456 --algo multiblock,auto >> $out/bench-mb.txt 2>&1
echo "bench: $((SECONDS-start)) s"
wait
echo "conformance: $((SECONDS-start)) s: $(grep -E '^[0-9]+ passed' $out/conformance-cuda.txt) $(tail -1 $out/conformance-cuda.txt)"
grep -m5 FAIL $out/conformance-cuda.txt
S="--section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section MemoryWorkloadAnalysis"
timeout 60 ncu $S -k regex:smax_ --launch-skip 4 --launch-count 3 $B --reps 3 --max-seconds 0.05 --algo auto --shape 1x16777216 > $out/ncu-mb-1x16777216.txt 2>&1
timeout 60 ncu $S -k regex:smax_ --launch-skip 4 --launch-count 1 $B --reps 3 --max-seconds 0.05 --algo auto --dtype f16 --shape 32768x8192 > $out/ncu-f16-32768x8192.txt 2>&1
timeout 60 ncu $S -k regex:smax_ --launch-skip 4 --launch-count 1 $B --reps 3 --max-seconds 0.05 --algo auto --dtype bf16 --backward --shape 65536x4096 > $out/ncu-bf16bwd-65536x4096.txt 2>&1
echo "total $((SECONDS-start)) s"
cd $out && tar czf logs.tgz *.txt
