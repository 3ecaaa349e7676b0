#!/usr/bin/env bash
# H100: after the kernel-argument fix: conformance of the three builds (cooperative exchange, the default)
# and of CUDA with SMAX_CLUSTERS=1; racecheck/synccheck over both exchanges; the f32 backward A/B.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
start=$SECONDS
rm -rf build-opencl; mv build-opencl-gpu build-opencl
export SMAX_OPENCL_DEVICE=NVIDIA
for mode in coop cluster; do
  e=SMAX_CLUSTERS=0; [ $mode = cluster ] && e=SMAX_CLUSTERS=1
  env $e LD_LIBRARY_PATH=$PWD/build-cuda timeout 100 build-cuda/bench/smax-bench --reps 5 --max-seconds 0.25 --algo auto --no-overhead \
    --dtype f32 --backward --shape 4096x65536 --shape 1024x262144 --shape 4096x128256 > $out/ab-f32bwd-$mode.txt 2>&1
  echo "f32bwd-$mode: exit $?"; grep -E "auto  " $out/ab-f32bwd-$mode.txt
done
echo "bench: $((SECONDS-start)) s"
san() { # tool tag env
  ( env $3 LD_LIBRARY_PATH=$PWD/build-cuda:$PWD/build-cuda/tests timeout 230 compute-sanitizer --tool $1 --error-exitcode 99 \
      build-cuda/tests/smax_conformance --only special --variant 'fwd bf16->bf16+bwd y,dy:f32 dx:f32' > $out/sanitizer-$1-$2.txt 2>&1
    echo "exit $?" >> $out/sanitizer-$1-$2.txt ) &
}
san racecheck coop SMAX_CLUSTERS=0; san synccheck coop SMAX_CLUSTERS=0
san racecheck cluster SMAX_CLUSTERS=1; san synccheck cluster SMAX_CLUSTERS=1
( SMAX_CLUSTERS=1 LD_LIBRARY_PATH=$PWD/build-cuda:$PWD/build-cuda/tests timeout 280 build-cuda/tests/smax_conformance > $out/conformance-cuda-clusters.txt 2>&1
  echo "exit $?" >> $out/conformance-cuda-clusters.txt ) &
timeout 280 bench/h100/run.sh conformance
wait
for f in $out/conformance-*.txt; do echo "$f: $(grep -E '^[0-9]+ passed' $f | tail -1); $(grep -c FAIL $f) FAIL lines"; grep -m3 FAIL $f; done
for f in $out/sanitizer-*.txt; do
  echo "$f: $(grep -E 'SUMMARY' $f | tail -1); $(grep -E '^[0-9]+ passed' $f | tail -1); $(tail -1 $f)"
done
echo "total $((SECONDS-start)) s"
cd $out && tar czf logs.tgz *.txt && rm -f conformance-*.txt sanitizer-*.txt ab-*.txt
