#!/usr/bin/env bash
# python.sh [WHEEL_DIR] [source] - the Python package on the GPU machine (no
# network).
#
# The CUDA wheel is built on the build machine, where scikit-build-core,
# CMake, nvcc and PyPI are at hand:
#   scripts/python-wheel.sh cuda .whl        # -> .whl/smax-<v>-py3-none-linux_x86_64.whl
#                                            #    and pytest's pure-Python wheels
# and carried here in WHEEL_DIR (default .whl, git-ignored). This script
#   1. makes a fresh venv that sees the packages of the python3 on PATH
#      (torch, CuPy, numpy, pytest as installed on the machine, which may
#      itself be a venv: --system-site-packages alone would see only its
#      base interpreter's; nothing is downloaded),
#   2. installs the wheel with pip --no-deps --no-index (and pytest from
#      WHEEL_DIR if the machine has none); with `source`, `pip install .`
#      instead: the CUDA backend built here from this tree by
#      scikit-build-core, taken with its dependencies from WHEEL_DIR
#      (pip download scikit-build-core there on the build machine),
#   3. runs tests/python (torch and CuPy tensors on the GPU, against float64
#      references; the numpy tests report skipped: host memory is the OpenCL
#      build's),
#   4. prints the timing table of bench/h100/python_bench.py (smax vs
#      torch.softmax, f32 and bf16, forward and gradient).
# Outputs go to $OUT (or bench/results/python-<date>) as pytest.txt and
# timing.md. SMAX_PY_VENV names the venv (default /tmp/smax-py-venv);
# SMAX_BENCH_ARGS goes to python_bench.py (e.g. "--reps 20"); SMAX_PY_TIMING=0
# leaves the timing table out (while other work shares the GPU).
# SMAX_PY_CMAKE_DEFINES goes to `pip install .` with `source` (e.g.
# "-Ccmake.define.CMAKE_CUDA_ARCHITECTURES=90-real").
set -euo pipefail
cd "$(dirname "$0")/../.."
wheels=${1:-.whl}
venv=${SMAX_PY_VENV:-/tmp/smax-py-venv}
out=${OUT:-bench/results/python-$(date +%F)}
mkdir -p "$out"

from_source=${2:-}
wheel=$(ls -t "$wheels"/smax-*.whl 2>/dev/null | head -1 || true)
if [ -z "$from_source" ] && [ -z "$wheel" ]; then
  echo "python.sh: no smax-*.whl in $wheels; build it with scripts/python-wheel.sh cuda $wheels" >&2
  exit 2
fi
rm -rf "$venv"
if python3 -m venv --system-site-packages "$venv" 2>/dev/null; then
  pip=("$venv/bin/python" -m pip)
  py="$venv/bin/python"
  target=()
else
  # No venv module with pip (Debian without python3-venv): the system
  # Python with the package in a folder of its own on PYTHONPATH instead.
  echo "python.sh: no venv; installing into $venv/site for the system python3" >&2
  pip=(python3 -m pip)
  py=python3
  target=(--target "$venv/site")
  export PYTHONPATH="$venv/site${PYTHONPATH:+:$PYTHONPATH}"
fi
if [ -n "$from_source" ]; then
  PATH=$PATH:/usr/local/cuda/bin "${pip[@]}" install -q --no-index --find-links "$wheels" \
    "${target[@]}" . -Ccmake.define.BACKEND=cuda ${SMAX_PY_CMAKE_DEFINES:-}
else
  "${pip[@]}" install -q --no-deps --no-index --force-reinstall "${target[@]}" "$wheel"
fi
# The packages of the python3 that made the venv, where that python3 is a
# venv of its own (the GPU machine's torch lives in one), made visible only
# after the install: with them visible during `pip install .` on the H100,
# scikit-build-core asked the (absent) index for cmake, where without them
# it took the machine's cmake (bench/results/h100-2026-11-23-all-python).
if [ ${#target[@]} -eq 0 ]; then
  python3 -c 'import site; print("\n".join(site.getsitepackages()))' \
    > "$("$py" -c 'import sysconfig; print(sysconfig.get_path("purelib"))')/_smax_parent.pth"
fi
# pytest from the machine, else the pure-Python wheels carried beside smax's.
"$py" -c "import pytest" 2>/dev/null ||
  "${pip[@]}" install -q --no-index --find-links "$wheels" "${target[@]}" pytest
"$py" -c "import numpy" 2>/dev/null ||
  echo "python.sh: numpy is missing: the tests' float64 references need it" >&2
"$py" - <<'EOF'
import smax
print("smax", smax.library_version(), smax.backend(), smax.library_path())
for name in ("torch", "cupy", "numpy", "pytest"):
    try:
        m = __import__(name)
        print(name, m.__version__)
    except ImportError:
        print(name, "absent")
EOF
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true

# From outside the source tree, so that nothing there shadows the install.
status=0
(cd /tmp && "$py" -m pytest "$OLDPWD/tests/python" -q -rs -p no:cacheprovider) 2>&1 |
  tee "$out/pytest.txt" || status=1
if [ "${SMAX_PY_TIMING:-1}" != 0 ]; then
  "$py" bench/h100/python_bench.py ${SMAX_BENCH_ARGS:-} 2>&1 | tee "$out/timing.md" || status=1
fi
exit $status
