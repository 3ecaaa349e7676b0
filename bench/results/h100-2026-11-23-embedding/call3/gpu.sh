#!/usr/bin/env bash
# H100 call 3 of the session of 2026-11-23 15:57: workspace tests (CUDA, CUDA with injection), the
# OpenCL-on-NVIDIA default-tier conformance, and compute-sanitizer's four tools over the CUDA suite (one
# or two variants each) and over the workspace and graph tests, side by side. summary.txt + logs.tgz.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
export OUT=/tmp/logs; mkdir -p $OUT; out=$OUT
exec > >(tee $final/summary.txt) 2>&1
ln -sfn .dev/stage/build-cuda build-cuda; ln -sfn .dev/stage/build-cuda-fault build-cuda-fault
ln -sfn .dev/stage/build-opencl-gpu build-opencl
start=$SECONDS
echo "commit $(cat .dev/commit); $(date -u)"; nvidia-smi -L
lib() { echo "$PWD/$1:$PWD/$1/tests"; }
for b in build-cuda build-cuda-fault; do
  LD_LIBRARY_PATH=$(lib $b) timeout 60 $b/tests/smax_test_workspace > $out/test-workspace-${b#build-}.txt 2>&1
  echo "test workspace ${b#build-}: exit $?: $(tail -n 3 $out/test-workspace-${b#build-}.txt | tr '\n' '|')"
done
san() { local tool=$1 tag=$2; shift 2
  local log=$out/sanitizer-$tool-$tag.txt s=$SECONDS
  LD_LIBRARY_PATH=$(lib build-cuda) timeout 420 compute-sanitizer --tool $tool --error-exitcode 99 "$@" > $log 2>&1
  local rc=$?
  echo "sanitizer $tool $tag ($((SECONDS - s)) s, exit $rc): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $log | tail -n1); $(grep -E '^[0-9]+ passed, [0-9]+ failed' $log | tail -n1)$(tail -n1 $log | grep -E 'passed|FAILED' | grep -v '^[0-9]')"; }
C=build-cuda/tests/smax_conformance
san memcheck suite $C --variant 'fwd f32->f32+bwd y,dy:f32 dx:f32' &
san racecheck suite $C --variant 'fwd bf16->bf16' &
san initcheck suite $C --variant 'bwd y,dy:bf16 dx:bf16+fwd f16->f32' &
san synccheck suite $C --variant 'fwd f16->f16+bwd y,dy:f16 dx:f16' &
( san memcheck workspace build-cuda/tests/smax_test_workspace
  san racecheck workspace build-cuda/tests/smax_test_workspace
  san initcheck workspace build-cuda/tests/smax_test_workspace
  san synccheck workspace build-cuda/tests/smax_test_workspace
  san memcheck graph build-cuda/tests/smax_test_gpu_graph ) &
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
s=$SECONDS; SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$(lib build-opencl) timeout 430 build-opencl/tests/smax_conformance > $out/conformance-opencl.txt 2>&1
echo "conformance opencl ($((SECONDS - s)) s, exit $?): $(grep -E '^[0-9]+ passed, [0-9]+ failed' $out/conformance-opencl.txt | tail -n1)"
wait
echo "total $((SECONDS-start)) s"
tar czf $final/logs.tgz -C $out .
