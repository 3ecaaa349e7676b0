#!/usr/bin/env bash
# demo.sh - installs what is missing, builds the default backend (OpenCL;
# PoCL runs it on the CPU when no GPU is present) and runs smax-bench.
# Extra arguments go to smax-bench (e.g. --csv out.csv, --shape 4096x4096).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh opencl
cmake -S . -B build -DBACKEND=opencl
cmake --build build -j"$(nproc)"
build/bench/smax-bench "$@"
