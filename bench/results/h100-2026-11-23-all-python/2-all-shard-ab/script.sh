#!/usr/bin/env bash
# H100 call 2 of the session of 2026-11-23 18:49 (call 1 ran out of its 10 minutes in an A/B whose
# 16-bit runs hit their 40 s timeouts). Issue 11: `pip install .` from source in a fresh venv on this
# machine (the carried wheel as fallback), pytest with torch and CuPy, the BACKEND=all build's default
# tier per plugin, its shard test per plugin (issue 12: the shard kernels' first GPU run), the timing
# table. Issue 8: A/B of split vectors issued with the whole ones, on odd rows (ab/base = main,
# ab/new = working tree). Run as: timeout 560 bash .dev/gpu32.sh; tar the logs.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
ln -sfn .dev/stage/build-all build-all
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export SMAX_OPENCL_DEVICE=NVIDIA
echo "main $(cat .dev/commit); all build $(cat .dev/stage/build-all/commit); $(date -u)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader

# pip install . (CPU, niced), then pytest
(
  export PATH=$PATH:/usr/local/cuda/bin CMAKE_BUILD_PARALLEL_LEVEL=12
  rm -rf /tmp/venv-src; py=none
  if python3 -m venv --system-site-packages /tmp/venv-src > $logs/venv.txt 2>&1; then
    s=$SECONDS
    nice -n 10 timeout 200 /tmp/venv-src/bin/python -m pip install --no-index --find-links .dev/stage/pyw . \
      -Ccmake.define.BACKEND=cuda -Ccmake.define.CMAKE_CUDA_ARCHITECTURES=90-real > $logs/pip-src.txt 2>&1
    rc=$?; echo "pip install . in a fresh venv: exit $rc in $((SECONDS-s)) s"; tail -2 $logs/pip-src.txt
    if [ $rc != 0 ]; then
      /tmp/venv-src/bin/python -m pip install -q --no-deps --no-index --force-reinstall .dev/stage/whl/smax-*.whl > $logs/pip-whl.txt 2>&1
      echo "fallback: carried wheel: exit $?"
    fi
    /tmp/venv-src/bin/python -c "import smax; print('installed', smax.library_version(), smax.backend(), smax.library_path())"
    while [ ! -e $logs/ab-done ]; do sleep 1; done
    (cd /tmp && timeout 150 /tmp/venv-src/bin/python -m pytest $OLDPWD/tests/python -q -rs -p no:cacheprovider) > $logs/pytest.txt 2>&1
    echo "pytest exit $?"; tail -6 $logs/pytest.txt
  else
    echo "venv failed: $(tail -2 $logs/venv.txt)"
  fi
) > $logs/python-part.txt 2>&1 &
pidP=$!

# A/B (smaller shapes than call 1: the 16-bit check on the host is slow), two alternating rounds
for round in 1 2; do
  for v in base new; do
    for mode in "bf16 --shape 600000x100 --shape 524288x128" "f16 --shape 600000x100" "bf16 --backward --shape 600000x100" "f32 --shape 600000x101"; do
      [ $((SECONDS-start)) -lt 110 ] || break 3
      tag=$(echo "$mode" | cut -d' ' -f1-2 | tr -d ' -')
      LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 25 .dev/stage/ab/$v/smax-bench --algo auto --dtype $mode --reps 5 \
        --max-seconds 0.25 --no-overhead --quiet > $logs/ab-$round-$v-$tag.txt 2>&1
      echo "round $round $v $tag: exit $?: $(grep -E '^ +auto ' $logs/ab-$round-$v-$tag.txt | awk '{print $(NF-1)" GB/s "$NF"%"}' | tr '\n' ' ')"
    done
  done
done
touch $logs/ab-done
t "A/B done"


# the all build: default tier once per plugin, side by side; shard tests beside them
( OUT=$logs/all timeout 330 bash bench/h100/run.sh all > $logs/all.txt 2>&1 ) &
pidA=$!
A=$PWD/build-all
for b in cuda hip opencl; do
  ( SMAX_BACKEND=$b LD_LIBRARY_PATH=$A:$A/tests timeout 90 $A/tests/smax_test_shard > $logs/test-shard-$b.txt 2>&1
    echo "shard test on $b (all build): exit $?: $(tail -n 2 $logs/test-shard-$b.txt | tr '\n' '|')" > $logs/shard-rc-$b.txt ) &
done
wait $pidP
t "python part done"; cat $logs/python-part.txt
wait $pidA
t "all build conformance done"; cat $logs/all.txt
cat $logs/shard-rc-*.txt
for b in cuda hip opencl; do
  SMAX_BACKEND=$b LD_LIBRARY_PATH=$A:$A/tests timeout 10 $A/tests/loader/smax_test_loader run > $logs/loader-$b.txt 2>&1
  echo "loader run $b: exit $?: $(tail -n 1 $logs/loader-$b.txt)"
done
# the timing table, alone on the GPU
if [ -x /tmp/venv-src/bin/python ]; then
  timeout 50 /tmp/venv-src/bin/python bench/h100/python_bench.py --reps 10 > $final/timing.md 2>&1
  t "timing exit $?"; cat $final/timing.md
fi
t "end"
