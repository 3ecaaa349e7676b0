#!/usr/bin/env bash
# H100 call 1 (session 2026-11-24 07:59): the tile row pass with softmax and log-softmax compiled
# apart, the exponential lifted (one FMA + ex2.approx.ftz) and stores without predicates = new,
# against main 58b74f5 = base, two alternating rounds; then the forward 16-bit conformance of new
# and racecheck over the bf16 shapes.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv,noheader
run() { # variant tag args...
  local v=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 60 .dev/stage/ab/$v/smax-bench --algo auto "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
}
S="--shape 300000x100 --shape 200000x150 --shape 150000x196 --shape 120000x250 --shape 100000x333 --shape 60000x500 --shape 30000x1001 --shape 2000000x13"
M="--shape 300000x100 --shape 200000x150 --shape 100000x333 --shape 30000x1001"
for round in 1 2; do
  for v in base new; do
    run $v r$round-$v-bf16 --dtype bf16 $S
  done
  t "round $round done"
done
for v in base new; do
  run $v $v-bf16-log --dtype bf16 --log $M
  run $v $v-f16 --dtype f16 $M
  run $v $v-bf16f32 --dtype bf16,f32 $M
  run $v $v-f32bf16 --dtype f32,bf16 $M
  run $v $v-f16f32 --dtype f16,f32 $M
done
t "dtypes done"
N=$PWD/.dev/stage/ab/new
mkdir -p $logs/conf $logs/san
( LD_LIBRARY_PATH=$N timeout 300 compute-sanitizer --tool racecheck $N/smax_conformance --only shapes --variant 'fwd bf16->bf16' > $logs/san/racecheck.txt 2>&1; echo "exit $?" >> $logs/san/racecheck.txt ) &
i=0
for v in 'fwd f16->f16' 'fwd bf16->bf16' 'fwd f16->f32' 'fwd f32->f16' 'fwd bf16->f32' 'fwd f32->bf16' 'fwd f16->bf16' 'fwd bf16->f16'; do
  ( LD_LIBRARY_PATH=$N timeout 200 $N/smax_conformance --variant "$v" > $logs/conf/$i.txt 2>&1; echo "exit $?" >> $logs/conf/$i.txt ) &
  i=$((i+1))
done
wait
t "conformance new, 8 forward 16-bit variants: $(cat $logs/conf/*.txt | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}')"
grep -h -m2 FAIL $logs/conf/*.txt | head
t "racecheck: $(grep -E 'RACECHECK SUMMARY|hazards displayed|^[0-9]+ passed' $logs/san/racecheck.txt | tr '\n' ' ') $(tail -1 $logs/san/racecheck.txt)"
