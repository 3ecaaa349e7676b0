#!/usr/bin/env bash
# build-rows.sh: the builds call-confirm-rows.sh carries, from this checkout's HEAD (Release, CUDA sm_90, with
# libsmax_testsupport.so), staged as .dev/stage/NAME.txz by ../h100-2026-12-06b/stage.sh:
#   cu-9cc  = HEAD with c8a4b4b's common/plan.c (9cc15bf's finer chunks at any rows)
#   cu-head = HEAD (6035576's rows bound on them)
# Run: bash bench/results/h100-2026-12-07c/build-rows.sh   (about 2 minutes on 2 cores)
set -eu
cd "$(git rev-parse --show-toplevel)"
ST=bench/results/h100-2026-12-06b/stage.sh; B=/tmp/build-next-cu
git diff --quiet HEAD -- common/plan.c || { echo "build-rows.sh: common/plan.c has local changes" >&2; exit 1; }
trap 'git checkout HEAD -- common/plan.c' EXIT
mkdir -p .dev/stage
cmake -S . -B $B -DBACKEND=cuda -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90-real > $B.configure.log
T="smax smax-bench smax_conformance smax_testsupport_shared"
git show c8a4b4b:common/plan.c > common/plan.c
cmake --build $B -j2 --target $T > $B.build-9cc.log; bash $ST cu-9cc $B $B/tests/libsmax_testsupport.so
git checkout HEAD -- common/plan.c
cmake --build $B -j2 --target $T > $B.build-head.log; bash $ST cu-head $B $B/tests/libsmax_testsupport.so
git rev-parse --short HEAD > .dev/commit
