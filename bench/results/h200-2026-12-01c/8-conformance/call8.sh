#!/usr/bin/env bash
# call 8 (thirty-third session, H200): conformance of the forward's mixed variants with q5's lanes (the plan committed),
# default tier and --large for bf16 -> f32; racecheck at two of its new geometries.
set -u
S=/tmp; for b in q5; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "q5 $(cat .dev/commit) $(date -u)"
M=$S/stage-q5
for v in 'fwd bf16->f32' 'fwd f16->f32'; do ( LD_LIBRARY_PATH=$M timeout 150 $M/smax_conformance --variant "$v" > $L/c-$(echo "$v" | tr -c 'a-z0-9' '_').txt 2>&1; echo "exit $?" >> $L/c-$(echo "$v" | tr -c 'a-z0-9' '_').txt ) & done
( LD_LIBRARY_PATH=$M timeout 150 $M/smax_conformance --large --variant 'fwd bf16->f32' > $L/L-bf16f32.txt 2>&1; echo "exit $?" >> $L/L-bf16f32.txt ) &
for sh in 1001x1537 301x6145; do
  LD_LIBRARY_PATH=$M timeout 60 compute-sanitizer --tool racecheck --print-limit 5 $M/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.01 --rotate-mb 0 --algo auto --dtype bf16,f32 --shape $sh > $L/san-$sh.txt 2>&1
  echo "racecheck $sh: $(grep -E 'RACECHECK SUMMARY' $L/san-$sh.txt)"; done
wait
for f in $L/c-*.txt $L/L-*.txt; do echo "$(basename $f): $(grep -E '^[0-9]+ passed' $f) $(tail -1 $f)"; done
t end
