#!/usr/bin/env bash
# H100 call 6 (2026-11-25d): ncu per-instruction stall samples of the candidate (main ea27ea5 + branch
# next-bwd-scalar-prefetch) at f32 gradient 8192 x 50257, and the SASS of both builds' gradient
# cluster kernel, to see whether the prefetched head/tail loads go out with the body's.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
S=/tmp/stage; mkdir -p $S/cand; tar xJf .dev/stage/x/cand.txz -C $S/cand
for c in cand main; do cuobjdump -sass -fun smax_bwd_mb_cluster_f32_f32 $S/cand/$c.cubin > $logs/sass-$c.txt 2>&1; t "sass $c: $(wc -l < $logs/sass-$c.txt) lines"; done
sh=8192x50257
timeout 60 ncu --set full --import-source no -k regex:smax_bwd --launch-skip 3 --launch-count 1 -o /tmp/rep env LD_LIBRARY_PATH=$S/cand \
  $S/cand/smax-bench --reps 3 --max-seconds 0.05 --no-overhead --quiet --algo auto --backward --dtype f32 --shape $sh > $logs/ncu.log 2>&1
ncu -i /tmp/rep.ncu-rep --page details > $logs/ncu-cand-$sh.txt 2>&1
ncu -i /tmp/rep.ncu-rep --page source --csv --print-source sass > $logs/sass-cand-$sh.csv 2>&1
t "ncu cand $sh: $(grep -E 'DRAM Throughput|Duration' $logs/ncu-cand-$sh.txt | tr -s ' ' | tr '\n' '|')"
tar czf $final/logs.tgz -C /tmp logs
t end
