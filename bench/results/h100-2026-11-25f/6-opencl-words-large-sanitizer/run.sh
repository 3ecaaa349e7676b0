#!/usr/bin/env bash
# call 8: OpenCL on NVIDIA with 64-bit exchange words (A/B against 6cec967's OpenCL build), then its default tier,
# the large tier of the three builds and compute-sanitizer of the CUDA cooperative kernels, side by side
set -u
for f in .dev/stage/*.txz; do tar xJf "$f"; done
mkdir -p /etc/OpenCL/vendors $OUT/ab
echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export SMAX_OPENCL_DEVICE=NVIDIA
run() { local b=$1; shift; LD_LIBRARY_PATH=$PWD/$b timeout 100 $b/bench/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@"; }
S="--shape 16384x16384 --shape 8192x32768 --shape 4096x65536 --shape 1024x262144 --shape 256x1048576 --shape 1x16777216"
for b in build-oclbase build-opencl; do
  run $b $S --dtype f32 > $OUT/ab/$b-f32-r1.txt 2>&1
  run $b --shape 4096x65536 --shape 256x1048576 --dtype f32 --backward > $OUT/ab/$b-bwdf32-r1.txt 2>&1
  echo "$b at $SECONDS" >> $OUT/ab/progress.txt
done
left=$((570 - SECONDS))
( LD_LIBRARY_PATH=$PWD/build-opencl:$PWD/build-opencl/tests timeout $left build-opencl/tests/smax_conformance > $OUT/conformance-opencl.txt 2>&1
  echo "conformance opencl exit $? at $SECONDS: $(grep -E '^[0-9]+ passed' $OUT/conformance-opencl.txt | tail -1)" >> $OUT/console.txt ) &
( OUT=$OUT/large SMAX_JOBS=8 timeout $left bash bench/h100/run.sh large-only >> $OUT/console.txt 2>&1 ) &
for tool in racecheck synccheck memcheck initcheck; do
  ( SMAX_TEST_REREAD=1 LD_LIBRARY_PATH=$PWD/build-cuda:$PWD/build-cuda/tests timeout $((left - 10)) compute-sanitizer --tool $tool --error-exitcode 99 \
      build-cuda/tests/smax_conformance --only special --variant 'fwd f32->f32+bwd y,dy:f32 dx:f32' > $OUT/san-$tool.txt 2>&1
    echo "sanitizer $tool exit $? at $SECONDS: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $OUT/san-$tool.txt | tail -1) $(grep -E '^[0-9]+ passed' $OUT/san-$tool.txt | tail -1)" >> $OUT/console.txt ) &
done
wait
cd $OUT && cat ab/progress.txt console.txt; tar czf all.tgz --exclude all.tgz . 2>/dev/null; find . -mindepth 1 -maxdepth 1 ! -name all.tgz -exec rm -rf {} +; ls
