#!/usr/bin/env bash
# H100 call 7 (session 2026-11-23 21:37): the gradient's one-launch re-read kernel
# (smax_bwd_mb_reread). A/B against ecf79c4 (base: three launches for these rows), two
# alternating rounds; conformance of the CUDA and HIP-on-NVIDIA builds (default tier, and
# SMAX_TEST_REREAD=1 special + layout for every variant); compute-sanitizer over the backward
# re-read kernel.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
S=$PWD/.dev/stage
run() { # build tag args...
  local v=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$S/$v timeout 60 $S/$v/smax-bench --algo auto --backward "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $4":"$(NF-1)"/"$NF"%"}' | tr '\n' ' ')"
}
for round in 1 2; do
  for v in base cuda; do
    run $v r$round-$v-f32bwd --dtype f32 --shape 1x8388608 --shape 1x16777216 --shape 2x8388608 --shape 1x33554432
    run $v r$round-$v-bf16bwd --dtype bf16 --shape 1x16777216 --shape 1x33554432 --shape 2x16777216
  done
done
t "A/B done"
grep -h "^ *auto" $logs/r1-cuda-f32bwd.txt | head -5
sum() { cat "$@" | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}'; }
conf() {
  local b=$1
  mkdir -p $logs/conf-$b $logs/reread-$b
  mapfile -t vs < <(LD_LIBRARY_PATH=$S/$b $S/$b/smax_conformance --help 2>&1 | sed -n 's/^variants: //p' | grep -o "'[^']*'" | tr -d "'")
  local i=0
  for v in "${vs[@]}"; do
    f=$(printf %02d $i); i=$((i+1))
    ( LD_LIBRARY_PATH=$S/$b timeout 200 $S/$b/smax_conformance --variant "$v" > $logs/conf-$b/$f.txt 2>&1; echo "exit $?" >> $logs/conf-$b/$f.txt ) &
    ( export SMAX_TEST_REREAD=1
      LD_LIBRARY_PATH=$S/$b timeout 200 $S/$b/smax_conformance --variant "$v" --only special > $logs/reread-$b/$f-special.txt 2>&1; echo "exit $?" >> $logs/reread-$b/$f-special.txt
      LD_LIBRARY_PATH=$S/$b timeout 200 $S/$b/smax_conformance --variant "$v" --only layout > $logs/reread-$b/$f-layout.txt 2>&1; echo "exit $?" >> $logs/reread-$b/$f-layout.txt ) &
  done
  wait
  t "conformance $b, default tier: $(sum $logs/conf-$b/*.txt); not exit 0: $(grep -L 'exit 0' $logs/conf-$b/*.txt | wc -l)"
  t "conformance $b, SMAX_TEST_REREAD=1, special+layout, all variants: $(sum $logs/reread-$b/*.txt); not exit 0: $(grep -L 'exit 0' $logs/reread-$b/*.txt | wc -l)"
}
conf cuda
conf hip
for tool in memcheck racecheck synccheck initcheck; do
  SMAX_TEST_REREAD=1 LD_LIBRARY_PATH=$S/cuda timeout 100 compute-sanitizer --tool $tool --error-exitcode 99 \
    $S/cuda/smax_conformance --only special --variant 'bwd y,dy:f32 dx:f32+bwd y,dy:bf16 dx:bf16' > $logs/san-$tool.txt 2>&1
  t "$tool (SMAX_TEST_REREAD=1, special, bwd f32+bf16): exit $?: $(grep -E 'SUMMARY' $logs/san-$tool.txt | tail -1) $(grep -E '^[0-9]+ passed' $logs/san-$tool.txt | tail -1)"
done
