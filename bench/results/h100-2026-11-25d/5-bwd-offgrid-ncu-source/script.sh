#!/usr/bin/env bash
# H100 call 5 (2026-11-25d), main ea27ea5: ncu per-instruction stall samples (source page, SASS) of the
# f32 gradient's cluster kernel at 8192 x 50257 (off the 16-byte grid) and 8192 x 50256 (on it), and
# both shapes with SMAX_CLUSTERS=0 (the device-memory exchange), to see where the off-grid rows lose.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit); $(date -u)"
S=/tmp/stage; mkdir -p $S/x; tar xJf .dev/stage/x/x.txz -C $S/x
for cl in 1 0; do
  SMAX_CLUSTERS=$cl LD_LIBRARY_PATH=$S/x timeout 60 $S/x/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --backward --dtype f32 \
    --shape 8192x50257 --shape 8192x50256 > $logs/clusters$cl.txt 2>&1
  t "SMAX_CLUSTERS=$cl: $(grep -E '^ +auto ' $logs/clusters$cl.txt | awk '{for(i=1;i<=NF;i++) if($i=="ok") {printf "%s(%s %s) ", $(i+4), $(i-4), $(i-3); break}}')"
done
for sh in 8192x50257 8192x50256; do
  timeout 60 ncu --set full --import-source no -k regex:smax_bwd --launch-skip 3 --launch-count 1 -o /tmp/rep-$sh env LD_LIBRARY_PATH=$S/x \
    $S/x/smax-bench --reps 3 --max-seconds 0.05 --no-overhead --quiet --algo auto --backward --dtype f32 --shape $sh > $logs/ncu-$sh.log 2>&1
  ncu -i /tmp/rep-$sh.ncu-rep --page details > $logs/ncu-bwd-$sh.txt 2>&1
  ncu -i /tmp/rep-$sh.ncu-rep --page source --csv --print-source sass > $logs/sass-bwd-$sh.csv 2>&1
  t "ncu $sh: $(wc -l < $logs/sass-bwd-$sh.csv) sass lines; $(grep -E 'DRAM Throughput|Duration' $logs/ncu-bwd-$sh.txt | tr -s ' ' | tr '\n' '|')"
  [ $((SECONDS-start)) -lt 200 ] || break
done
tar czf $final/logs.tgz -C /tmp logs
t end
