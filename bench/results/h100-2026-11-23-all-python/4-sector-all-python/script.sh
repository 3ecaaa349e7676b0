#!/usr/bin/env bash
# H100 call 4 of the session of 2026-11-23 18:49. (1) Issue 8: A/B of the register kernels laying a
# row's lanes from a 32-byte sector boundary (ab/base = main 29c894b's kernels, ab/sector = working
# tree); (2) the BACKEND=all build of the working tree (the sector change in all three plugins):
# default tier per plugin; (3) issue 11: bench/h100/python.sh source (pip install . in a fresh venv),
# pytest with torch and CuPy, then the timing table alone on the GPU; (4) compute-sanitizer initcheck
# and memcheck over the canary shard test (CUDA plugin). Run as: timeout 540 bash .dev/gpu34.sh.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
ln -sfn .dev/stage/build-all build-all
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export SMAX_OPENCL_DEVICE=NVIDIA
echo "main $(cat .dev/commit); all build $(cat .dev/stage/build-all/commit); $(date -u)"
# (1) A/B, two alternating rounds
for round in 1 2; do
  for v in base sector; do
    for mode in "bf16 --shape 600000x100 --shape 524288x128" "f16 --shape 600000x100" "bf16 --backward --shape 600000x100" \
                "f32 --shape 600000x100 --shape 600000x101" "f32 --backward --shape 600000x101"; do
      [ $((SECONDS-start)) -lt 120 ] || break 3
      tag=$(echo "$mode" | cut -d' ' -f1-2 | tr -d ' -')
      LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 25 .dev/stage/ab/$v/smax-bench --algo auto --dtype $mode --reps 5 \
        --max-seconds 0.25 --no-overhead --quiet > $logs/ab-$round-$v-$tag.txt 2>&1
      echo "round $round $v $tag: exit $?: $(grep -E '^ +auto ' $logs/ab-$round-$v-$tag.txt | awk '{print $(NF-1)" GB/s "$NF"%"}' | tr '\n' ' ')"
    done
  done
done
t "A/B done"
# (3a) pip install . and pytest, beside the conformance (the timing table comes after, alone)
( OUT=$logs/python SMAX_PY_VENV=/tmp/smax-py-venv SMAX_PY_TIMING=0 \
    SMAX_PY_CMAKE_DEFINES="-Ccmake.define.CMAKE_CUDA_ARCHITECTURES=90-real" \
    timeout 250 bash bench/h100/python.sh .dev/stage/pyw source > $logs/python.txt 2>&1
  echo "python.sh source: exit $?" > $logs/python-rc.txt ) &
pidP=$!
# (2) the all build's default tier per plugin; (4) sanitizers over the shard test beside it
( OUT=$logs/all timeout 320 bash bench/h100/run.sh all > $logs/all.txt 2>&1 ) &
pidA=$!
A=$PWD/build-all
for tool in initcheck memcheck; do
  ( SMAX_BACKEND=cuda LD_LIBRARY_PATH=$A:$A/tests timeout 150 compute-sanitizer --tool $tool --error-exitcode 99 \
      $A/tests/smax_test_shard > $logs/sanitizer-shard-$tool.txt 2>&1
    echo "compute-sanitizer $tool over smax_test_shard: exit $?: $(grep -E 'SUMMARY|checks' $logs/sanitizer-shard-$tool.txt | tr '\n' '|')" > $logs/san-rc-$tool.txt ) &
done
for b in cuda hip opencl; do
  SMAX_BACKEND=$b LD_LIBRARY_PATH=$A:$A/tests timeout 60 $A/tests/smax_test_shard > $logs/test-shard-$b.txt 2>&1
  echo "shard test on $b (all build): exit $?: $(tail -n 1 $logs/test-shard-$b.txt)"
done
wait $pidP
t "$(cat $logs/python-rc.txt)"
grep -E "^smax |^torch |^cupy |^numpy |^pytest |passed|failed|rror" $logs/python.txt | head -12
wait $pidA
t "all build conformance done"; cat $logs/all.txt
cat $logs/san-rc-*.txt
# (3b) the timing table, alone on the GPU
if [ -x /tmp/smax-py-venv/bin/python ]; then
  timeout 60 /tmp/smax-py-venv/bin/python bench/h100/python_bench.py --reps 20 > $final/timing.md 2>&1
  t "timing exit $?"; cat $final/timing.md
fi
cp $logs/python/pytest.txt $final/ 2>/dev/null
t "end"
