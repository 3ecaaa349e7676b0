#!/usr/bin/env bash
# H100 call 3 of the session of 2026-11-23 18:49. (1) Issue 8: bisect of branch pending-h100-fwd16
# (ab/base = main 29c894b; ab/new, ab/store, ab/exp2f, ab/maxreg = the branch with its A/B switches)
# on smaller shapes; (2) issue 11: bench/h100/python.sh in `source` mode (pip install . in a fresh venv
# that sees the machine's torch venv), pytest with torch and CuPy, timing table; (3) ncu of the 16-bit
# odd-tail rows (main); (4) compute-sanitizer over the shard test through the all build (CUDA plugin).
# Run as: timeout 520 bash .dev/gpu33.sh; tar the logs.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
ln -sfn .dev/stage/build-all build-all
echo "main $(cat .dev/commit); $(date -u)"
# (1) bisect, one round, the variants side by side in time
for v in base new store exp2f maxreg; do
  [ -d .dev/stage/ab/$v ] || continue
  [ $((SECONDS-start)) -lt 70 ] || break
  LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 20 .dev/stage/ab/$v/smax-bench --algo auto --dtype bf16 --reps 5 \
    --max-seconds 0.25 --no-overhead --quiet --shape 600000x100 --shape 524288x128 --shape 16384x4096 > $logs/bisect-$v.txt 2>&1
  echo "bisect $v bf16 (600000x100, 524288x128, 16384x4096): exit $?: $(grep -E '^ +auto ' $logs/bisect-$v.txt | awk '{print $(NF-1)" GB/s "$NF"%"}' | tr '\n' ' ')"
done
t "bisect done"
# (2) the Python package from source
OUT=$logs/python SMAX_PY_VENV=/tmp/smax-py-venv SMAX_BENCH_ARGS="--reps 20" \
  SMAX_PY_CMAKE_DEFINES="-Ccmake.define.CMAKE_CUDA_ARCHITECTURES=90-real" \
  timeout 230 bash bench/h100/python.sh .dev/stage/pyw source > $logs/python.txt 2>&1
t "python.sh source: exit $?"
grep -E "^smax |^torch |^cupy |^numpy |^pytest |passed|failed|error" $logs/python.txt | head -12
cp $logs/python/timing.md $logs/python/pytest.txt $final/ 2>/dev/null
cat $logs/python/timing.md 2>/dev/null
# (3) ncu of main's register rows: 16-bit odd tail against the aligned 16-bit row and f32
S="--section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables --section SourceCounters"
for c in "bf16 600000x100" "bf16 524288x128" "f32 600000x100"; do
  [ $((SECONDS-start)) -lt 330 ] || break
  set -- $c
  timeout 40 ncu $S -k regex:smax_ --launch-skip 4 --launch-count 1 env LD_LIBRARY_PATH=$PWD/.dev/stage/ab/base \
    .dev/stage/ab/base/smax-bench --reps 3 --max-seconds 0.05 --no-overhead --algo auto --dtype $1 --shape $2 > $logs/ncu-$1-$2.txt 2>&1
  t "ncu $1 $2: $(grep -E 'DRAM Throughput|Memory Throughput|Achieved Occupancy|Registers Per|L2 Hit|Duration' $logs/ncu-$1-$2.txt | tr -s ' ' | tr '\n' '|')"
done
# (4) compute-sanitizer, the four tools side by side, over the shard test (CUDA plugin of the all build)
A=$PWD/build-all
pids=()
for tool in memcheck racecheck initcheck synccheck; do
  ( SMAX_BACKEND=cuda LD_LIBRARY_PATH=$A:$A/tests timeout 120 compute-sanitizer --tool $tool --error-exitcode 99 \
      $A/tests/smax_test_shard > $logs/sanitizer-shard-$tool.txt 2>&1
    echo "compute-sanitizer $tool over smax_test_shard: exit $?: $(grep -E 'SUMMARY|checks' $logs/sanitizer-shard-$tool.txt | tr '\n' '|')" > $logs/san-rc-$tool.txt ) &
  pids+=($!)
done
wait "${pids[@]}"
cat $logs/san-rc-*.txt
t "end"
