#!/usr/bin/env bash
# H100 call 2 of the session of 2026-11-23 15:57 (main + real-OOM test + graph test for HIP-nvidia):
# issue 10 device tests on CUDA and HIP-nvidia, fault matrix on a CUDA injection build, then the
# default-tier conformance of the CUDA, OpenCL-on-NVIDIA and HIP-on-NVIDIA builds. Only summary.txt and
# logs.tgz come back.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
export OUT=/tmp/logs; mkdir -p $OUT; out=$OUT
exec > >(tee $final/summary.txt) 2>&1
for b in .dev/stage/build-*; do ln -sfn $b $(basename $b); done
start=$SECONDS
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv
echo "commit $(cat .dev/commit); $(date -u)"
t() { local tmo=$1 b=$2 name=$3; shift 3
  local log=$out/test-$name-${b#build-}.txt
  LD_LIBRARY_PATH=$PWD/$b:$PWD/$b/tests timeout $tmo $b/tests/smax_test_$name "$@" > $log 2>&1
  echo "test $name ${b#build-}: exit $? at $((SECONDS-start)) s: $(tail -n1 $log)"; }
t 150 build-cuda real_oom
grep -E "device filled|full device|FAILED" $out/test-real_oom-cuda.txt | head -5
t 150 build-cuda gpu_graph
grep -E "graph of|two contexts|event|FAILED" $out/test-gpu_graph-cuda.txt | head -8
t 150 build-hip-nvidia gpu_graph
grep -E "graph of|two contexts|event|FAILED" $out/test-gpu_graph-hip-nvidia.txt | head -8
t 60 build-cuda-fault faults
grep -E "matrix|point|injected|FAILED" $out/test-faults-cuda-fault.txt | head -12
t 60 build-cuda-fault workspace
t 60 build-cuda workspace
t 60 build-cuda threads
t 90 build-hip-nvidia real_oom
echo "tests done at $((SECONDS-start)) s"
timeout $((540 - (SECONDS-start))) bash bench/h100/run.sh conformance
grep -h -B2 -A8 -m3 FAIL $out/conformance-*.txt | head -30
echo "total $((SECONDS-start)) s"
tar czf $final/logs.tgz -C $out .
