#!/usr/bin/env bash
# H100 call 2 (session 2026-11-23 21:37). Issue 9: phase 3 of the three-launch multi-block
# (forward normalize, backward write) takes the chunks in reverse order, so it re-reads from L2
# what phase 1 read last. A/B against main (base), alternating rounds; then the Python fast path
# (branch pending-h100-python-fast, cherry-picked into this tree): pytest + python_overhead; then
# the new build's default-tier conformance, one process per variant.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { # variant tag dtype-args...
  local v=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 60 .dev/stage/ab/$v/smax-bench --algo auto "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $(NF-1)"/"$NF"%"}' | tr '\n' ' ')"
}
F="--shape 1x16777216 --shape 1x33554432 --shape 4x8388608 --shape 1x67108864"
for round in 1 2; do
  for v in base new; do
    [ $((SECONDS-start)) -lt 150 ] || break 2
    run $v r$round-$v-f32 --dtype f32 $F
    run $v r$round-$v-bf16 --dtype bf16 $F
    run $v r$round-$v-f32bwd --dtype f32 --backward --shape 1x16777216 --shape 4x8388608
    run $v r$round-$v-bf16bwd --dtype bf16 --backward --shape 1x16777216 --shape 1x33554432
  done
done
t "A/B done"
grep -h "^ *auto\|plan" $logs/r1-new-f32.txt | head -8
OUT=$final/python SMAX_PY_VENV=/tmp/smax-py-venv SMAX_PY_TIMING=0 \
  SMAX_PY_CMAKE_DEFINES="-Ccmake.define.CMAKE_CUDA_ARCHITECTURES=90-real" \
  timeout 90 bash bench/h100/python.sh .dev/stage/pyw source > $logs/python.txt 2>&1
t "python.sh source: exit $?: $(grep -E 'passed|failed' $logs/python.txt | tail -1)"
grep -E "FAILED|Error" $logs/python.txt | head -10
timeout 35 /tmp/smax-py-venv/bin/python bench/h100/python_overhead.py --calls 300 > $final/overhead.txt 2>&1
t "python_overhead exit $?"; head -16 $final/overhead.txt
N=$PWD/.dev/stage/ab/new
mkdir -p $logs/conf
mapfile -t vs < <($N/smax_conformance --help 2>&1 | sed -n 's/^variants: //p' | grep -o "'[^']*'" | tr -d "'")
i=0
for v in "${vs[@]}"; do
  ( LD_LIBRARY_PATH=$N timeout 280 $N/smax_conformance --variant "$v" > $logs/conf/$(printf %02d $i).txt 2>&1; echo "exit $?" >> $logs/conf/$(printf %02d $i).txt ) &
  i=$((i+1))
done
wait
t "conformance (default tier, ${#vs[@]} variants in parallel):"
for f in $logs/conf/*.txt; do echo "$(basename $f): $(grep -E 'passed, .* failed' $f | tail -1) $(tail -n 1 $f)"; done
awk '/passed, .* failed/{l=$0} END{}' /dev/null
cat $logs/conf/*.txt | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5} END {print "total: " p " passed, " f " failed, " s " skipped"}'
