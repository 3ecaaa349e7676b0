#!/usr/bin/env bash
# build-next.sh: the builds call-confirm.sh carries, from this checkout's HEAD (Release, CUDA sm_90, with
# libsmax_testsupport.so), staged as .dev/stage/NAME.txz by ../h100-2026-12-06b/stage.sh:
#   cu-prev = HEAD with 4954c19's common/plan.c (two chunks a unit; before 9cc15bf's finer chunks)
#   cu-head = HEAD
# Run: bash bench/results/h100-2026-12-07b/build-next.sh   (about 2 minutes on 2 cores)
set -eu
cd "$(git rev-parse --show-toplevel)"
ST=bench/results/h100-2026-12-06b/stage.sh; B=/tmp/build-next-cu
git diff --quiet HEAD -- common/plan.c || { echo "build-next.sh: common/plan.c has local changes" >&2; exit 1; }
trap 'git checkout HEAD -- common/plan.c' EXIT
mkdir -p .dev/stage
cmake -S . -B $B -DBACKEND=cuda -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90-real > $B.configure.log
T="smax smax-bench smax_conformance smax_testsupport_shared"
git show 4954c19:common/plan.c > common/plan.c
cmake --build $B -j2 --target $T > $B.build-prev.log; bash $ST cu-prev $B $B/tests/libsmax_testsupport.so
git checkout HEAD -- common/plan.c
cmake --build $B -j2 --target $T > $B.build-head.log; bash $ST cu-head $B $B/tests/libsmax_testsupport.so
git rev-parse --short HEAD > .dev/commit
