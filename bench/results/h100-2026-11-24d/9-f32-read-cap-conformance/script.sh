#!/usr/bin/env bash
# H100 call 9 (session 2026-11-24 07:59): the tile rule with row slots of up to 32 items where an f32
# side is read (16 where one is written). Conformance of the four pairs it moves (forward f32 -> bf16,
# f16; gradient f32 y, dy -> bf16, f16 dx), racecheck and memcheck over the shapes of forward f32 ->
# bf16 and the gradient's f32 -> bf16, and the timings of call 8's shapes for those pairs.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
N=$PWD/.dev/stage/cuda
S="--shape 100000x333 --shape 110000x300 --shape 120000x257 --shape 80000x400 --shape 60000x500"
for d in f32,bf16 f32,f16; do
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --algo auto --dtype $d $S --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/fwd-$d.txt 2>&1
  echo "fwd $d: exit $?: $(grep -E '^ +auto ' $logs/fwd-$d.txt | awk '{print $NF}' | tr '\n' ' ')"
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --algo auto --backward --dtype ${d#*,},f32 $S --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/bwd-$d.txt 2>&1
  echo "bwd dx ${d#*,} from f32: exit $?: $(grep -E '^ +auto ' $logs/bwd-$d.txt | awk '{print $NF}' | tr '\n' ' ')"
done
t "timings done"
mkdir -p $logs/conf
for tool in racecheck memcheck; do
  for v in 'fwd f32->bf16' 'bwd y,dy:f32 dx:bf16'; do
    tag=$tool-${v//[^a-z0-9]/_}
    ( LD_LIBRARY_PATH=$N timeout 330 compute-sanitizer --tool $tool --error-exitcode 99 $N/smax_conformance --only shapes --variant "$v" > $logs/san-$tag.txt 2>&1; echo "exit $?" >> $logs/san-$tag.txt ) &
  done
done
i=0
for v in 'fwd f32->bf16' 'fwd f32->f16' 'bwd y,dy:f32 dx:bf16' 'bwd y,dy:f32 dx:f16'; do
  ( LD_LIBRARY_PATH=$N timeout 250 $N/smax_conformance --variant "$v" > $logs/conf/$i.txt 2>&1; echo "exit $?" >> $logs/conf/$i.txt ) &
  i=$((i+1))
done
wait
t "conformance, 4 variants: $(cat $logs/conf/*.txt | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}')"
grep -L "^exit 0" $logs/conf/*.txt
grep -h -m2 FAIL $logs/conf/*.txt | head
for f in $logs/san-*.txt; do
  t "$(basename $f .txt): $(tail -1 $f): $(grep -E 'SUMMARY' $f | tail -1) $(grep -E '^[0-9]+ passed' $f | tail -1)"
done
