#!/usr/bin/env bash
# call 4 (2026-11-28, ninth session): "regcap" = fafb6f3 + SMAX_COOP_REGISTERS alone (what lands): compute-sanitizer's four
# tools on the bounded kernel (smax_mb_onchip of f32 x and a 16-bit y; clusters off so that the exchange runs), which
# call 3's racecheck runs did not finish.
set -u
S=/tmp; tar xJf .dev/stage/regcap.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"
N=$S/stage-regcap
SB="--shape 16x65536 --shape 3x1048576 --shape 1x2097152 --shape 5x100003"
for tool in memcheck racecheck initcheck synccheck; do
  ( SMAX_CLUSTERS=0 LD_LIBRARY_PATH=$N timeout 200 compute-sanitizer --tool $tool --error-exitcode 99 $N/smax_conformance --only special \
      --variant 'fwd f32->bf16' > $L/san-$tool-special.txt 2>&1; echo "exit $?" >> $L/san-$tool-special.txt ) &
  for d in f32,bf16 f32,f16; do
    ( SMAX_CLUSTERS=0 LD_LIBRARY_PATH=$N timeout 200 compute-sanitizer --tool $tool --error-exitcode 99 $N/smax-bench --no-overhead --quiet --reps 2 --batch-ms 0 \
        --max-seconds 0.001 --rotate-mb 0 --algo auto --dtype $d $SB > $L/san-$tool-$d.txt 2>&1; echo "exit $?" >> $L/san-$tool-$d.txt ) &
  done
done
wait
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -h 'ERROR SUMMARY\|RACECHECK SUMMARY' $f | tail -1) | $(grep -h 'runs:\|passed,' $f | tail -1) | $(tail -1 $f)"; grep -h "auto  " $f | awk '{print "   ", $1, $2, $3, $4, $5, $6}' | head -4; done
t end
