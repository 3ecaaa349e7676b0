#!/usr/bin/env bash
# H100 call 2 (2026-11-25d): what holds the gradient's off-grid cluster rows (f32 8192 x 50257)
# below the on-grid ones (8192 x 50256, same plan): main (x) against a diagnostic build (nos)
# that skips every chunk's scalar head and tail (wrong results by design: timing only); ncu's
# per-instruction stall samples of main at both shapes; then the bf16 forward rows that trail
# f32 per byte (every forced algorithm, and ncu beside f32).
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "x $(cat .dev/commit) vs nos (x without the gradient cluster's scalar head/tail); $(date -u)"
S=/tmp/stage; for v in x nos; do mkdir -p $S/$v; tar xJf .dev/stage/x/$v.txz -C $S/$v; done
run() { # tag lib args
  local tag=$1 lib=$2; shift 2
  LD_LIBRARY_PATH=$S/$lib timeout 100 $S/$lib/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAILED") {printf "%s(%s %s %s) ", $(i+4), $(i-4), $(i-3), $i; break}}')"
}
B="--shape 8192x50257 --shape 8192x50256 --shape 1335x50257 --shape 671x100000"
for round in 1 2; do
  for v in x nos; do
    run r$round-$v-f32 $v --backward --dtype f32 $B
    run r$round-$v-bf16 $v --backward --dtype bf16 --shape 8192x50257 --shape 8192x50256
  done
done
t "ab done"
for sh in 8192x50257 8192x50256; do
  timeout 90 ncu --set full --import-source no -k regex:smax_bwd --launch-skip 3 --launch-count 1 -o /tmp/rep-$sh env LD_LIBRARY_PATH=$S/x \
    $S/x/smax-bench --reps 3 --max-seconds 0.05 --no-overhead --algo auto --backward --dtype f32 --shape $sh > $logs/ncu-bwd-$sh.log 2>&1
  ncu -i /tmp/rep-$sh.ncu-rep --page details > $logs/ncu-bwd-$sh.txt 2>&1
  ncu -i /tmp/rep-$sh.ncu-rep --page source --csv --print-source sass > $logs/sass-bwd-$sh.csv 2>&1
  t "ncu bwd $sh: $(grep -E 'DRAM Throughput|Duration|Achieved Occupancy' $logs/ncu-bwd-$sh.txt | tr -s ' ' | tr '\n' '|')"
done
FW="--shape 6710x10000 --shape 11184x6000 --shape 512x131072"
for dt in bf16 f32; do
  LD_LIBRARY_PATH=$S/x timeout 100 $S/x/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo all --dtype $dt $FW > $logs/fwd-all-$dt.txt 2>&1
  t "fwd all $dt: exit $?"; grep -E '^[0-9]|^ +(auto|fused|online|multiblock) ' $logs/fwd-all-$dt.txt
done
SEC="--section SpeedOfLight --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis --section SchedulerStats --section LaunchStats"
for sh in 6710x10000 512x131072; do
  for dt in bf16 f32; do
    [ $((SECONDS-start)) -lt 520 ] || break
    timeout 60 ncu $SEC -k regex:smax_ --launch-skip 3 --launch-count 1 env LD_LIBRARY_PATH=$S/x \
      $S/x/smax-bench --reps 3 --max-seconds 0.05 --no-overhead --algo auto --dtype $dt --shape $sh > $logs/ncu-$dt-$sh.txt 2>&1
    t "ncu $dt $sh: $(grep -E ' smax_|DRAM Throughput|Achieved Occupancy|Registers Per|Block Size|Duration' $logs/ncu-$dt-$sh.txt | tr -s ' ' | tr '\n' '|')"
  done
done
t end
