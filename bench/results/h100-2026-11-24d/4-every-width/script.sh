#!/usr/bin/env bash
# H100 call 4 (session 2026-11-24 07:59): the tiles' row passes in every width of 8..16 slots a lane
# (w9) against the even widths alone (base = 129bd07), both directions. Two alternating rounds; then
# conformance of every 16-bit variant of w9 (its gradient tiles also have 129bd07's row count) and
# racecheck of w9 over the bf16 shapes, both directions.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
run() { # variant tag args...
  local v=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 60 .dev/stage/ab/$v/smax-bench --algo auto "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
}
S="--shape 300000x100 --shape 200000x150 --shape 150000x196 --shape 120000x250 --shape 100000x333 --shape 60000x500 --shape 30000x1001 --shape 2000000x13 --shape 250000x127 --shape 40000x777"
B="--shape 300000x100 --shape 200000x150 --shape 150000x196 --shape 100000x333 --shape 2000000x13"
for round in 1 2; do
  for v in base w9; do
    run $v r$round-$v-bf16 --dtype bf16 $S
    run $v r$round-$v-bwd-bf16 --backward --dtype bf16 $B
  done
done
for v in base w9; do
  run $v $v-f16-log --dtype f16 --log $B
  run $v $v-bf16f32 --dtype bf16,f32 $B
done
t "benchmarks done"
mkdir -p $logs/conf $logs/san
N=$PWD/.dev/stage/ab/w9
( LD_LIBRARY_PATH=$N timeout 330 compute-sanitizer --tool racecheck $N/smax_conformance --only shapes --variant 'fwd bf16->bf16' > $logs/san/racecheck-fwd.txt 2>&1; echo "exit $?" >> $logs/san/racecheck-fwd.txt ) &
( LD_LIBRARY_PATH=$N timeout 330 compute-sanitizer --tool racecheck $N/smax_conformance --only shapes --variant 'bwd y,dy:bf16 dx:bf16' > $logs/san/racecheck-bwd.txt 2>&1; echo "exit $?" >> $logs/san/racecheck-bwd.txt ) &
i=0
for v in 'fwd f16->f16' 'fwd bf16->bf16' 'fwd f16->f32' 'fwd f32->f16' 'fwd bf16->f32' 'fwd f32->bf16' 'fwd f16->bf16' 'fwd bf16->f16' 'bwd y,dy:f16 dx:f16' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f32' 'bwd y,dy:bf16 dx:f32' 'bwd y,dy:f16 dx:bf16' 'bwd y,dy:bf16 dx:f16'; do
  ( LD_LIBRARY_PATH=$N timeout 250 $N/smax_conformance --variant "$v" > $logs/conf/w9-$i.txt 2>&1; echo "exit $?" >> $logs/conf/w9-$i.txt ) &
  i=$((i+1))
done
wait
t "conformance w9, 14 16-bit variants: $(cat $logs/conf/w9-*.txt | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}')"
grep -h -m2 FAIL $logs/conf/w9-*.txt | head
grep -L "^exit 0" $logs/conf/w9-*.txt
t "racecheck fwd: $(grep -E 'RACECHECK SUMMARY|^[0-9]+ passed' $logs/san/racecheck-fwd.txt | tr '\n' ' ') $(tail -1 $logs/san/racecheck-fwd.txt)"
t "racecheck bwd: $(grep -E 'RACECHECK SUMMARY|^[0-9]+ passed' $logs/san/racecheck-bwd.txt | tr '\n' ' ') $(tail -1 $logs/san/racecheck-bwd.txt)"
