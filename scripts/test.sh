#!/usr/bin/env bash
# test.sh - installs what is missing, then builds every backend and runs the
# whole test suite: OpenCL runs (PoCL on the CPU without a GPU); CUDA and
# HIP are built and linked, and their suites run where a device exists and
# report skipped where none does. hip-nvidia is the HIP backend on HIP's
# NVIDIA platform, with the CUDA 11.8 toolchain that
# scripts/hip-nvidia-toolchain.sh installs in its own prefix.
# all is -DBACKEND=all: libsmax.so as a loader with a plugin per backend
# whose toolchain is here; its device tests run once per plugin through the
# loader (SMAX_BACKEND=<backend>: OpenCL runs on PoCL, CUDA and HIP report
# skipped without a device), with the loader's own tests (label abi).
# SMAX_ALL_BACKENDS (e.g. "opencl;cuda") narrows its plugins.
# opencl-asan, opencl-tsan and opencl-fuzz are the OpenCL build again under
# AddressSanitizer+UndefinedBehaviorSanitizer with fault injection (unit
# tests, conformance suite, thread, workspace and fault tests),
# ThreadSanitizer (the thread test), and clang's libFuzzer with ASan+UBSan
# (the API fuzzer: SMAX_FUZZ_RUNS inputs, default 400000, fixed seed).
# opencl-large runs the large tier's long-row and huge-vector groups
# (label conformance_long) in the opencl build's folder.
# python is the Python package (pyproject.toml): a fresh venv in
# build-python, `pip install .` (the OpenCL build, through scikit-build-core
# from PyPI) with numpy and pytest, then pytest tests/python on PoCL.
# all-tsan is the all build (OpenCL plugin only) under ThreadSanitizer: the
# loader's race test and the thread test through the loader.
# SMAX_BACKENDS="opencl python cuda hip hip-nvidia all opencl-asan opencl-tsan all-tsan
# opencl-fuzz opencl-large" narrows it; SMAX_TEST_LABELS (a CTest label regex, default
# "^(unit|conformance|abi|bench)$"; "conformance_large" is the long sweep)
# picks the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
backends=${SMAX_BACKENDS:-opencl python cuda hip hip-nvidia all opencl-asan opencl-tsan all-tsan opencl-fuzz opencl-large}
labels=${SMAX_TEST_LABELS:-^(unit|conformance|abi|bench)$}
scripts/install-deps.sh all
export PATH=$PATH:/usr/local/cuda/bin

status=0
for b in $backends; do
  if [[ $b == cuda ]] && ! command -v nvcc >/dev/null; then
    echo "=== cuda: SKIPPED (no nvcc found)"; continue
  fi
  echo "=== $b: build"
  start=$SECONDS
  if [[ $b == python ]]; then
    # A fresh venv each run: `pip install .` must work from nothing. The
    # numpy tests always run (never exit 5, "no tests"); torch and CuPy
    # tests report skipped here.
    rm -rf build-python
    if python3 -m venv build-python/venv &&
       build-python/venv/bin/pip install -q . numpy pytest; then
      echo "=== python: test (pytest tests/python)"
      (cd build-python && venv/bin/python -m pytest ../tests/python -q -rs \
         -p no:cacheprovider) || status=1
    else
      echo "=== python: pip install . FAILED"; status=1
    fi
    echo "=== $b: done in $((SECONDS - start)) s"
    continue
  fi
  config=(-DBACKEND="$b")
  select=(-L "$labels")
  dir=build-$b
  case $b in
    all)
      config=(-DBACKEND=all)
      if [[ -n ${SMAX_ALL_BACKENDS:-} ]]; then
        config+=(-DSMAX_ALL_BACKENDS="$SMAX_ALL_BACKENDS")
      fi ;;
    opencl-asan)
      # abi and bench are left out: the ABI test's consumer and the
      # benchmark's Python are built without the sanitizer's runtime.
      config=(-DBACKEND=opencl -DSMAX_SANITIZE=address,undefined
              -DSMAX_FAULT_INJECTION=ON)
      select=(-L "^(unit|conformance)$") ;;
    opencl-tsan)
      config=(-DBACKEND=opencl -DSMAX_SANITIZE=thread)
      select=(-R "^threads$") ;;
    all-tsan)
      # The loader's one-per-process choice under contention, and the
      # thread test through the loader (the OpenCL plugin only).
      config=(-DBACKEND=all -DSMAX_ALL_BACKENDS=opencl -DSMAX_SANITIZE=thread)
      select=(-R "^(loader_race|threads\.opencl)$") ;;
    opencl-fuzz)
      config=(-DBACKEND=opencl -DCMAKE_C_COMPILER=clang
              -DSMAX_SANITIZE=address,undefined -DSMAX_FUZZ=ON
              -DSMAX_FUZZ_RUNS="${SMAX_FUZZ_RUNS:-400000}")
      select=(-L "^fuzz$") ;;
    opencl-large)
      config=(-DBACKEND=opencl); dir=build-opencl
      select=(-L "^conformance_long$") ;;
  esac
  if [[ $b == hip-nvidia ]]; then
    eval "$(scripts/hip-nvidia-toolchain.sh)"
    config=(-DBACKEND=hip -DSMAX_HIP_PLATFORM=nvidia
            -DSMAX_CUDA118_PREFIX="$SMAX_CUDA118_PREFIX")
  fi
  cmake -S . -B "$dir" "${config[@]}" -DSMAX_WERROR=ON
  cmake --build "$dir" -j"$(nproc)"
  echo "=== $b: test (${select[*]})"
  if ! ctest --test-dir "$dir" "${select[@]}" --output-on-failure; then
    status=1
  fi
  echo "=== $b: done in $((SECONDS - start)) s"
done
exit $status
