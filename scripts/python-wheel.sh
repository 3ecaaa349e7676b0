#!/usr/bin/env bash
# python-wheel.sh [opencl|cuda|hip] [OUTDIR] - builds the Python package's
# wheel for one backend (scikit-build-core over the top CMakeLists.txt, from
# PyPI in pip's isolated build environment) into OUTDIR (default
# dist/BACKEND: every backend's wheel has the same name,
# smax-VERSION-py3-none-linux_x86_64.whl).
# The wheel is py3-none-linux_x86_64: pure Python over ctypes plus libsmax,
# so it installs on any Python 3 of the target machine, offline:
#   pip install --no-deps --no-index OUTDIR/smax-*.whl
# (bench/h100/python.sh does that on the GPU machine.)
set -euo pipefail
cd "$(dirname "$0")/.."
backend=${1:-opencl}
outdir=${2:-dist/$backend}
export PATH=$PATH:/usr/local/cuda/bin
python3 -m pip wheel . --no-deps -w "$outdir" -Ccmake.define.BACKEND="$backend"
# pytest and its dependencies are pure Python: carried along for a machine
# without network whose Python lacks them (bench/h100/python.sh).
python3 -m pip download -q pytest -d "$outdir"
# What it needs on Python 3.10 besides, as pure-Python wheels (tomli also
# comes compiled for one CPython, which the target may not run).
python3 -m pip download -q --only-binary=:all: --python-version 3.10 \
  --implementation py --abi none --platform any -d "$outdir" \
  exceptiongroup tomli typing-extensions
ls -l "$outdir"
