#!/usr/bin/env bash
# H100 call 3 (2026-11-25e): keep (the re-read kernels keep the head of each chunk that on-chip memory holds,
# read once; only the tail is streamed and re-read) against main (x), two rounds interleaved; CUDA conformance
# of keep with SMAX_TEST_REREAD=1 (every one-launch plan re-reads, at most half a chunk kept) and racecheck of it;
# ncu of keep's re-read kernel at f32 1 x 2^24.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "x $(cat .dev/commit); $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=/tmp/stage; for v in x keep; do mkdir -p $S/$v; tar xJf .dev/stage/x/$v.txz -C $S/$v; done
run() { # tag lib args
  local tag=$1 lib=$2; shift 2
  LD_LIBRARY_PATH=$S/$lib timeout 90 $S/$lib/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +(auto|online|multiblock) ' $logs/$tag.txt | awk '{for(i=1;i<=NF;i++) if($i=="ok") {printf "%s(%s) ", $(i+4), $(i-1); break}}')"
}
# conformance of keep under the test switch, in the background (its own processes; timings taken beside it are not used)
N=$S/keep
for v in 'fwd f32->f32' 'fwd bf16->bf16' 'bwd y,dy:f32 dx:f32' 'bwd y,dy:bf16 dx:bf16'; do
  for g in special layout; do
    tag=conf-reread-$g-$(echo "$v" | tr -c 'a-z0-9' '_')
    echo "$tag"
  done
done > /dev/null
F="--shape 1x8388608 --shape 1x16777216 --shape 1x33554432 --shape 2x16777216 --shape 1x67108864"
for round in 1 2; do
  if [ $round = 1 ]; then o="x keep"; else o="keep x"; fi
  for v in $o; do
    [ $((SECONDS-start)) -lt 260 ] || break
    run r$round-$v-f32 $v --algo auto --dtype f32 $F
    run r$round-$v-bf16 $v --algo auto --dtype bf16 --shape 1x16777216 --shape 1x33554432
    run r$round-$v-bwd-f32 $v --algo auto --backward --dtype f32 --shape 1x8388608 --shape 1x16777216
    run r$round-$v-bwd-bf16 $v --algo auto --backward --dtype bf16 --shape 1x16777216
  done
  t "round $round"
done
grep -h "^ *auto" $logs/r1-keep-*.txt | head -12
timeout 60 ncu --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_op_read_hit_rate.pct,gpu__time_duration.sum \
  -k regex:smax_mb_reread --launch-skip 2 --launch-count 1 env LD_LIBRARY_PATH=$S/keep \
  $S/keep/smax-bench --reps 3 --max-seconds 0.05 --no-overhead --quiet --algo auto --dtype f32 --shape 1x16777216 > $logs/ncu-keep.txt 2>&1
t "ncu keep: $(grep -E 'dram__|lts__|gpu__time' $logs/ncu-keep.txt | tr -s ' ' | tr '\n' '|')"
for v in 'fwd f32->f32' 'fwd bf16->bf16' 'bwd y,dy:f32 dx:f32' 'bwd y,dy:bf16 dx:bf16'; do
  for g in special layout; do
    tag=conf-reread-$g-$(echo "$v" | tr -c 'a-z0-9' '_')
    ( SMAX_TEST_REREAD=1 LD_LIBRARY_PATH=$N timeout 200 $N/smax_conformance --expect-cooperative --only $g --variant "$v" > $logs/$tag.txt 2>&1; echo "exit $?" >> $logs/$tag.txt ) &
  done
done
( SMAX_TEST_REREAD=1 LD_LIBRARY_PATH=$N timeout 200 compute-sanitizer --tool racecheck --error-exitcode 99 $N/smax_conformance --expect-cooperative --only special --variant 'bwd y,dy:f32 dx:f32' > $logs/san-race-bwd.txt 2>&1; echo "exit $?" >> $logs/san-race-bwd.txt ) &
( SMAX_TEST_REREAD=1 LD_LIBRARY_PATH=$N timeout 200 compute-sanitizer --tool racecheck --error-exitcode 99 $N/smax_conformance --expect-cooperative --only special --variant 'fwd bf16->bf16' > $logs/san-race-fwd.txt 2>&1; echo "exit $?" >> $logs/san-race-fwd.txt ) &
( SMAX_TEST_REREAD=1 LD_LIBRARY_PATH=$N timeout 200 compute-sanitizer --tool memcheck --error-exitcode 99 $N/smax_conformance --expect-cooperative --only layout --variant 'fwd f32->f32' > $logs/san-mem-fwd.txt 2>&1; echo "exit $?" >> $logs/san-mem-fwd.txt ) &
wait
for f in $logs/conf-*.txt $logs/san-*.txt; do
  t "$(basename $f .txt): $(tail -1 $f): $(grep -E 'SUMMARY' $f | tail -1) $(grep -E '^[0-9]+ passed' $f | tail -1)"
done
t end
