#!/usr/bin/env bash
# build-stages.sh: the builds call-ab.sh carries, made on the build machine from this checkout's HEAD (Release),
# staged as .dev/stage/NAME.txz by ../h100-2026-12-06b/stage.sh:
#   cu-p  = HEAD with d09a1b5's common/plan.c (main's plans before c4038e7), CUDA sm_90, with libsmax_testsupport.so
#   cu-q  = HEAD + shared-first.diff, CUDA sm_90, with libsmax_testsupport.so
#   ocl-q = HEAD + shared-first.diff, OpenCL
#   HNV=1 also hnv-p, hnv-q: the same two as HIP on NVIDIA (scripts/hip-nvidia-toolchain.sh; sm_90 only)
# The checkout's plan.c and test file are restored on exit. Only plan.c differs between the pairs, so the second
# build of each backend recompiles one file.
# Run: bash bench/results/h200-2026-12-07/build-stages.sh   (CUDA and OpenCL: about 5 minutes on 2 cores)
set -eu
cd "$(git rev-parse --show-toplevel)"
R=bench/results/h200-2026-12-07; ST=bench/results/h100-2026-12-06b/stage.sh
git diff --quiet HEAD -- common/plan.c tests/unit/test_plan_rules.c ||
  { echo "build-stages.sh: common/plan.c or the plan test has local changes; commit or stash them" >&2; exit 1; }
trap 'git checkout HEAD -- common/plan.c tests/unit/test_plan_rules.c' EXIT
mkdir -p .dev/stage
pair() { # pair BACKEND BUILD_DIR P_NAME Q_NAME TARGETS CMAKE_ARGS...
  local be=$1 b=$2 pn=$3 qn=$4 targets=$5; shift 5
  cmake -S . -B $b -DBACKEND=$be -DCMAKE_BUILD_TYPE=Release "$@" > $b.configure.log
  local extra=""; [[ $targets == *testsupport* ]] && extra=$b/tests/libsmax_testsupport.so
  if [ -n "$pn" ]; then
    git show d09a1b5:common/plan.c > common/plan.c
    cmake --build $b -j2 --target $targets > $b.build-p.log
    bash $ST $pn $b $extra
    git checkout HEAD -- common/plan.c
  fi
  git apply $R/shared-first.diff
  cmake --build $b -j2 --target $targets > $b.build-q.log
  bash $ST $qn $b $extra
  git checkout HEAD -- common/plan.c tests/unit/test_plan_rules.c
}
pair cuda /tmp/build-stage-cu cu-p cu-q "smax smax-bench smax_conformance smax_testsupport_shared" \
  -DCMAKE_CUDA_ARCHITECTURES=90-real
pair opencl /tmp/build-stage-ocl "" ocl-q "smax smax-bench smax_conformance"
if [ "${HNV:-0}" = 1 ]; then
  eval "$(scripts/hip-nvidia-toolchain.sh)"
  pair hip /tmp/build-stage-hnv hnv-p hnv-q "smax smax-bench smax_conformance" -DSMAX_HIP_PLATFORM=nvidia \
    -DSMAX_CUDA118_PREFIX="$SMAX_CUDA118_PREFIX" -DSMAX_HIP_NVIDIA_ARCHS=90
fi
ls -la .dev/stage
