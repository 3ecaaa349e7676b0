#!/usr/bin/env bash
# H100: the thread-block cluster kernels against the cooperative ones (SMAX_CLUSTERS=0), then conformance
# of the three builds beside racecheck and synccheck over the cluster kernels.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
start=$SECONDS
rm -rf build-opencl; mv build-opencl-gpu build-opencl
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $out/device.txt
bench() { # tag env dtype args...
  local tag=$1 envv=$2; shift 2
  env $envv LD_LIBRARY_PATH=$PWD/build-cuda timeout 100 build-cuda/bench/smax-bench --reps 5 --max-seconds 0.25 --algo auto --no-overhead "$@" > $out/ab-$tag.txt 2>&1
  echo "$tag: exit $?"; grep -E "^ *[0-9]+ *x|auto " $out/ab-$tag.txt | head -20
}
F="--shape 8192x32768 --shape 4096x65536 --shape 1024x262144 --shape 4096x128256 --shape 8192x50257 --shape 32x32000"
for mode in cluster coop; do
  e=SMAX_CLUSTERS=1; [ $mode = coop ] && e=SMAX_CLUSTERS=0
  bench f32-$mode $e --dtype f32 $F
  bench bf16-$mode $e --dtype bf16 --shape 8192x32768 --shape 4096x65536 --shape 1024x262144 --shape 4096x128256
  bench f32bwd-$mode $e --dtype f32 --backward --shape 4096x65536 --shape 1024x262144 --shape 4096x128256
done
echo "bench: $((SECONDS-start)) s"
for tool in racecheck synccheck; do
  ( LD_LIBRARY_PATH=$PWD/build-cuda:$PWD/build-cuda/tests timeout 200 compute-sanitizer --tool $tool --error-exitcode 99 \
      build-cuda/tests/smax_conformance --only special --variant 'fwd bf16->bf16+bwd y,dy:f32 dx:f32' > $out/sanitizer-$tool.txt 2>&1
    echo "exit $?" >> $out/sanitizer-$tool.txt ) &
done
timeout 280 bench/h100/run.sh conformance
wait
for f in $out/conformance-*.txt; do echo "$f: $(grep -c FAIL $f) FAIL lines"; grep -m3 FAIL $f; done
for tool in racecheck synccheck; do
  echo "$tool: $(grep -E 'SUMMARY' $out/sanitizer-$tool.txt | tail -1); $(grep -E '^[0-9]+ passed' $out/sanitizer-$tool.txt | tail -1); $(tail -1 $out/sanitizer-$tool.txt)"
done
echo "total $((SECONDS-start)) s"
cd $out && tar czf logs.tgz *.txt && rm -f conformance-*.txt sanitizer-*.txt ab-*.txt
