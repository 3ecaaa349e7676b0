#!/usr/bin/env bash
# H100 call 1 of the session of 2026-11-23 18:49: (1) A/B of the register kernels issuing split
# vectors with the whole ones (ab/base = main 29c894b, ab/new = working tree), (2) issue 11: `pip
# install .` from source in a fresh venv on this machine, pytest with torch and CuPy, the BACKEND=all
# build's default tier per plugin and its device tests (shard!) per plugin, the timing table;
# (3) ncu of the 16-bit vs f32 register rows. summary.txt + logs.tgz + timing.md.
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
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
python3 -c "import sys, torch, cupy, numpy; print(sys.version.split()[0], 'torch', torch.__version__, 'cupy', cupy.__version__, 'numpy', numpy.__version__)"
which cmake nvcc ninja; cmake --version | head -1

# (B) pip install . in a fresh venv, the CUDA backend built here from the working tree (CPU, niced)
(
  export PATH=$PATH:/usr/local/cuda/bin CMAKE_BUILD_PARALLEL_LEVEL=14
  rm -rf /tmp/venv-src
  if python3 -m venv --system-site-packages /tmp/venv-src > $logs/venv.txt 2>&1; then
    nice -n 19 timeout 330 /tmp/venv-src/bin/python -m pip install --no-index --find-links .dev/stage/pyw . \
      -Ccmake.define.BACKEND=cuda -Ccmake.define.CMAKE_CUDA_ARCHITECTURES=90-real > $logs/pip-src.txt 2>&1
    echo "pip install . (venv) exit $?" > $logs/pip-rc.txt
  else
    echo "venv failed: $(tail -2 $logs/venv.txt)" > $logs/pip-rc.txt
  fi
) &
pidB=$!

# (1) A/B, bf16/f16/f32 forward and bf16/f32 backward, two alternating rounds
SH="--shape 2097152x128 --shape 2000000x100 --shape 65536x4096 --shape 262144x1000 --shape 40000x5000"
for round in 1 2; do
  for v in base new; do
    for mode in "bf16" "f16" "f32" "bf16 --backward" "f32 --backward"; do
      tag=$(echo "$mode" | tr -d ' -')
      LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 40 .dev/stage/ab/$v/smax-bench --algo auto --dtype $mode --reps 5 \
        --max-seconds 0.25 --no-overhead --quiet $SH > $logs/ab-$round-$v-$tag.txt 2>&1
      echo "round $round $v $tag: $(grep -E ' auto ' $logs/ab-$round-$v-$tag.txt | awk '{print $1":"$(NF-1)}' | tr '\n' ' ')"
    done
  done
done
t "A/B done"

# (A) the all build: default tier once per plugin, side by side
( OUT=$logs/all timeout 300 bash bench/h100/run.sh all > $logs/all.txt 2>&1 ) &
pidA=$!
wait $pidB
t "$(cat $logs/pip-rc.txt)"; tail -3 $logs/pip-src.txt
# pytest with the package installed from source, torch and CuPy tensors on the GPU
if grep -q "exit 0" $logs/pip-rc.txt; then
  (cd /tmp && timeout 150 /tmp/venv-src/bin/python -m pytest $OLDPWD/tests/python -q -rs -p no:cacheprovider) > $logs/pytest.txt 2>&1
  t "pytest exit $?"; tail -8 $logs/pytest.txt
  /tmp/venv-src/bin/python -c "import smax; print('installed', smax.library_version(), smax.backend(), smax.library_path())"
fi
# the all build's device tests through the loader, per plugin (the shard kernels' first GPU run)
A=$PWD/build-all
for b in cuda hip opencl; do
  for tst in shard workspace threads host_wrap; do
    SMAX_BACKEND=$b LD_LIBRARY_PATH=$A:$A/tests timeout 60 $A/tests/smax_test_$tst > $logs/test-$tst-$b.txt 2>&1
    echo "test $tst on $b: exit $?: $(tail -n 1 $logs/test-$tst-$b.txt)"
  done
  SMAX_BACKEND=$b LD_LIBRARY_PATH=$A:$A/tests timeout 20 $A/tests/loader/smax_test_loader run > $logs/loader-$b.txt 2>&1
  echo "loader run $b: exit $?: $(tail -n 1 $logs/loader-$b.txt)"
done
wait $pidA
t "all: $(cat $logs/all.txt | tr '\n' '|')"
# the timing table, alone on the GPU
if [ -x /tmp/venv-src/bin/python ] && grep -q "exit 0" $logs/pip-rc.txt; then
  timeout 90 /tmp/venv-src/bin/python bench/h100/python_bench.py --reps 20 > $final/timing.md 2>&1
  t "timing exit $?"; cat $final/timing.md
fi
# (3) ncu, what remains of the call
S="--section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section MemoryWorkloadAnalysis"
for v in base new; do
  for dt in bf16 f32; do
    [ $((SECONDS-start)) -lt 520 ] || break
    timeout 30 ncu $S -k regex:smax_ --launch-skip 4 --launch-count 1 env LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v \
      .dev/stage/ab/$v/smax-bench --reps 3 --max-seconds 0.05 --no-overhead --algo auto --dtype $dt --shape 2000000x100 > $logs/ncu-$v-$dt-2000000x100.txt 2>&1
    t "ncu $v $dt: $(grep -E 'DRAM Throughput|Achieved Occupancy|Registers Per' $logs/ncu-$v-$dt-2000000x100.txt | tr -s ' ' | tr '\n' '|')"
  done
done
tar czf $final/logs.tgz -C $logs .
t "end"
