#!/usr/bin/env bash
# build-fix.sh: the builds call-fix.sh carries (Release, CUDA sm_90, with libsmax_testsupport.so), staged as
# .dev/stage/NAME.txz by ../h100-2026-12-06b/stage.sh: cu-prod2 = this checkout's HEAD, cu-head = d510cc0 (a
# worktree in /tmp/wt-d510cc0). Run: bash bench/results/h100-2026-12-07d/build-fix.sh (about 6 minutes on 2 cores)
set -eu
cd "$(git rev-parse --show-toplevel)"
ST=bench/results/h100-2026-12-06b/stage.sh; T="smax smax-bench smax_conformance smax_testsupport_shared"
mkdir -p .dev/stage
[ -d /tmp/wt-d510cc0 ] || git worktree add -f /tmp/wt-d510cc0 d510cc0
for b in "cu-prod2 ." "cu-head /tmp/wt-d510cc0"; do
  set -- $b; B=/tmp/build-$1
  cmake -S $2 -B $B -DBACKEND=cuda -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90-real > $B.configure.log
  cmake --build $B -j2 --target $T > $B.build.log
  bash $ST $1 $B $B/tests/libsmax_testsupport.so
done
