#!/usr/bin/env bash
# H100 call 3 (session 2026-11-24 07:59): tile size and occupancy. base = 648ff3b (tiles of a power of
# two rows, 56 registers); cur = 6 groups an SM where both sides are 16-bit (40 registers) and tiles
# of the largest multiple of the group's row slots that fits; any = the same with tiles of as many
# rows as fit. Two alternating rounds; then the forward 16-bit conformance of cur and racecheck over
# the bf16 shapes.
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
M="--shape 300000x100 --shape 200000x150 --shape 100000x333 --shape 30000x1001"
for round in 1 2; do
  for v in base cur any; do
    run $v r$round-$v-bf16 --dtype bf16 $S
  done
done
t "rounds done"
for v in base cur any; do
  run $v $v-f16-log --dtype f16 --log $M
  run $v $v-bf16f32 --dtype bf16,f32 $M
  run $v $v-bwd-bf16 --backward --dtype bf16 $M
done
t "dtypes done"
N=$PWD/.dev/stage/ab/cur
mkdir -p $logs/conf $logs/san
( LD_LIBRARY_PATH=$N timeout 300 compute-sanitizer --tool racecheck $N/smax_conformance --only shapes --variant 'fwd bf16->bf16' > $logs/san/racecheck.txt 2>&1; echo "exit $?" >> $logs/san/racecheck.txt ) &
i=0
for v in 'fwd f16->f16' 'fwd bf16->bf16' 'fwd f16->f32' 'fwd f32->f16' 'fwd bf16->f32' 'fwd f32->bf16' 'fwd f16->bf16' 'fwd bf16->f16' 'bwd bf16->bf16' 'bwd f16->f16'; do
  ( LD_LIBRARY_PATH=$N timeout 200 $N/smax_conformance --variant "$v" > $logs/conf/$i.txt 2>&1; echo "exit $?" >> $logs/conf/$i.txt ) &
  i=$((i+1))
done
wait
t "conformance cur, 10 16-bit variants: $(cat $logs/conf/*.txt | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}')"
grep -h -m2 FAIL $logs/conf/*.txt | head
t "racecheck: $(grep -E 'RACECHECK SUMMARY|hazards displayed|^[0-9]+ passed' $logs/san/racecheck.txt | tr '\n' ' ') $(tail -1 $logs/san/racecheck.txt)"
