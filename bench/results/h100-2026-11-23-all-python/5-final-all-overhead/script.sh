#!/usr/bin/env bash
# H100 call 5 of the session of 2026-11-23 18:49: the BACKEND=all build of the final kernels (forward
# register rows laid from a sector boundary; the gradient as on main) through its loader, default tier
# per plugin; beside it, where the host time of a Python call goes (bench/h100/python_overhead.py,
# after pip install . in a fresh venv). Run as: timeout 420 bash .dev/gpu35.sh.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
ln -sfn .dev/stage/build-all build-all
echo "main $(cat .dev/commit); all build $(cat .dev/stage/build-all/commit); $(date -u)"
( OUT=$logs/all timeout 330 bash bench/h100/run.sh all > $logs/all.txt 2>&1 ) &
pidA=$!
( OUT=$logs/python SMAX_PY_VENV=/tmp/smax-py-venv SMAX_PY_TIMING=0 \
    SMAX_PY_CMAKE_DEFINES="-Ccmake.define.CMAKE_CUDA_ARCHITECTURES=90-real" \
    timeout 200 bash bench/h100/python.sh .dev/stage/pyw source > $logs/python.txt 2>&1
  echo "python.sh source: exit $?"; grep -E "passed|failed" $logs/python.txt | tail -1 ) > $logs/python-part.txt 2>&1 &
pidP=$!
wait $pidP
t "python part"; cat $logs/python-part.txt
wait $pidA
t "all build conformance done"; cat $logs/all.txt
# alone on the GPU: other processes' kernels would time-slice with these
timeout 80 /tmp/smax-py-venv/bin/python bench/h100/python_overhead.py --calls 2000 > $final/overhead.txt 2>&1
t "python_overhead exit $?"; head -14 $final/overhead.txt
t "end"
