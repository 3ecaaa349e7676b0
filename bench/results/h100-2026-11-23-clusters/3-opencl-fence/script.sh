#!/usr/bin/env bash
# H100: OpenCL on NVIDIA with the device-wide fence: full conformance, and the backward shapes group
# three more times (the determinism failure of 3 x 40962); then smax-bench backend table for OpenCL.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
start=$SECONDS
rm -rf build-opencl; mv build-opencl-gpu build-opencl
export SMAX_OPENCL_DEVICE=NVIDIA
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for i in 1 2 3; do
  ( LD_LIBRARY_PATH=$PWD/build-opencl:$PWD/build-opencl/tests timeout 200 build-opencl/tests/smax_conformance --only shapes --variant 'bwd y,dy:f32 dx:f32' > $out/stress-$i.txt 2>&1; echo "exit $?" >> $out/stress-$i.txt ) &
done
SMAX_BENCH_BUILDS=none timeout 260 bench/h100/run.sh conformance
wait
for f in $out/conformance-*.txt $out/stress-*.txt; do echo "$f: $(grep -E '^[0-9]+ passed' $f | tail -1); $(grep -c FAIL $f) FAIL lines"; grep -m3 FAIL $f; done
echo "conformance: $((SECONDS-start)) s"
SMAX_BENCH_BUILDS=opencl SMAX_BENCH_MODES=f32 SMAX_BENCH_SHAPES=bench/shapes/backend.txt SMAX_BENCH_ARGS="--reps 5 --max-seconds 0.25" \
  timeout 300 bench/h100/run.sh bench
grep -E "x[0-9]+ |auto " $out/smax-bench-opencl-f32.txt | head -60
echo "total $((SECONDS-start)) s"
cd $out && tar czf logs.tgz *.txt *.csv *.json 2>/dev/null; rm -f *.txt *.csv *.json
