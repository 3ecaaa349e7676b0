#!/usr/bin/env bash
# install-deps.sh [opencl|cuda|hip|all] - installs, from Debian's packages,
# what building and testing that backend needs and is not there yet.
# Default: opencl. nvcc (CUDA) is not a Debian package of the right age: the
# CUDA backend uses the toolkit found on PATH or in /usr/local/cuda. clang
# builds the API fuzzer (scripts/test.sh, opencl-fuzz).
set -euo pipefail
what=${1:-opencl}

# python3-venv: the Python package's fresh venv (scripts/test.sh, python).
packages=(cmake make gcc g++ pkg-config binutils python3-venv)
case "$what" in
  opencl) packages+=(pocl-opencl-icd ocl-icd-opencl-dev opencl-c-headers clinfo
                     clang libclang-rt-14-dev) ;;
  cuda) ;;
  hip) packages+=(hipcc libamdhip64-dev rocm-device-libs llvm-15) ;;
  all) packages+=(pocl-opencl-icd ocl-icd-opencl-dev opencl-c-headers clinfo
                  clang libclang-rt-14-dev
                  hipcc libamdhip64-dev rocm-device-libs llvm-15) ;;
  *) echo "usage: $0 [opencl|cuda|hip|all]" >&2; exit 2 ;;
esac

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}"
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -q
  $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  echo "install-deps: all of ${packages[*]} present"
fi

if [[ $what == cuda || $what == all ]] && ! command -v nvcc >/dev/null &&
   [ ! -x /usr/local/cuda/bin/nvcc ]; then
  echo "install-deps: note: no nvcc on PATH or in /usr/local/cuda; the CUDA build will be skipped" >&2
fi
