#!/usr/bin/env bash
# H100 call 11 (session 2026-11-24 07:59): forward rows written as f32 as tiles with row slots of 32
# items where a lane holds at most 12 elements (new) against 16 items (base = 736a16f), two rounds;
# then conformance of forward bf16 -> f32 and f16 -> f32, racecheck and memcheck over the shapes of
# bf16 -> f32.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
S="--shape 120000x257 --shape 110000x300 --shape 100000x333 --shape 80000x383 --shape 60000x500"
for round in 1 2; do
  for v in base new; do
    for d in bf16,f32 f16,f32; do
      LD_LIBRARY_PATH=$PWD/.dev/stage/$v timeout 60 .dev/stage/$v/smax-bench --algo auto --dtype $d $S --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/r$round-$v-$d.txt 2>&1
      echo "r$round-$v-$d: exit $?: $(grep -E '^ +auto ' $logs/r$round-$v-$d.txt | awk '{print $NF}' | tr '\n' ' ')"
    done
  done
done
t "timings done"
N=$PWD/.dev/stage/new
mkdir -p $logs/conf
for tool in racecheck memcheck; do
  ( LD_LIBRARY_PATH=$N timeout 300 compute-sanitizer --tool $tool --error-exitcode 99 $N/smax_conformance --only shapes --variant 'fwd bf16->f32' > $logs/san-$tool.txt 2>&1; echo "exit $?" >> $logs/san-$tool.txt ) &
done
i=0
for v in 'fwd bf16->f32' 'fwd f16->f32'; do
  ( LD_LIBRARY_PATH=$N timeout 250 $N/smax_conformance --variant "$v" > $logs/conf/$i.txt 2>&1; echo "exit $?" >> $logs/conf/$i.txt ) &
  i=$((i+1))
done
wait
t "conformance, 2 variants: $(cat $logs/conf/*.txt | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}')"
grep -L "^exit 0" $logs/conf/*.txt
grep -h -m2 FAIL $logs/conf/*.txt | head
for f in $logs/san-*.txt; do
  t "$(basename $f .txt): $(tail -1 $f): $(grep -E 'SUMMARY' $f | tail -1) $(grep -E '^[0-9]+ passed' $f | tail -1)"
done
