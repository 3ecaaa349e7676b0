#!/usr/bin/env bash
# H100 call 7 (session 2026-11-24 19:45): main (see the commit line). compute-sanitizer (CUDA) over the
# shapes group, the runs that call 5 cut at its limit: racecheck of the bf16 gradient and of the f32
# and bf16 forward, memcheck of the bf16 forward, three at a time; first the bf16 gradient at 3000 x 5000
# (peer_bench.py, smax and Triton), where call 5's median was 51% of copy with a minimum of 100%.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit); $(date -u)"
S=$PWD/.dev/stage
N=$S/cuda
for r in 1 2; do
  timeout 60 /opt/torch/.venv/bin/python3 bench/peer_bench.py --lib $N/libsmax.so.0 --support $N/libsmax_testsupport.so \
    --impl smax-auto,triton --dtype bf16 --backward --shape 3000x5000 --shape 3355x5000 --reps 15 --budget 0.4 --out $logs/peer-$r > $logs/peer-$r.txt 2>&1
  echo "peer round $r: exit $?"; grep -E "smax-auto|triton" $logs/peer-$r.txt
done
t "peers done"
san() { # tool variant tag
  ( LD_LIBRARY_PATH=$N timeout 330 compute-sanitizer --tool $1 --error-exitcode 99 \
    $N/smax_conformance --only shapes --variant "$2" > $logs/san-$3.txt 2>&1; echo "exit $?" >> $logs/san-$3.txt ) &
}
san racecheck 'bwd y,dy:bf16 dx:bf16' racecheck-bwd-bf16
san racecheck 'fwd f32->f32' racecheck-fwd-f32
san racecheck 'fwd bf16->bf16' racecheck-fwd-bf16
san memcheck 'fwd bf16->bf16' memcheck-fwd-bf16
wait
for f in $logs/san-*.txt; do
  t "$(basename $f .txt): $(tail -1 $f): $(grep -E 'SUMMARY' $f | tail -1) $(grep -E '^[0-9]+ passed' $f | tail -1)"
done
t end
