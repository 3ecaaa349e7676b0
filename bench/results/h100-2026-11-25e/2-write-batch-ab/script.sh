#!/usr/bin/env bash
# H100 call 2 (2026-11-25e): wb (the passes that read an input row from memory and write its output load
# SMAX_WRITE_BATCH = 4 vectors an item before the first store: smax_slice_normalize, smax_bwd_slice_write)
# against main (x, 8c4254f), two rounds interleaved; ncu of wb's re-read kernel at f32 1 x 2^24.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "x $(cat .dev/commit); $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=/tmp/stage; for v in x wb; do mkdir -p $S/$v; tar xJf .dev/stage/x/$v.txz -C $S/$v; done
run() { # tag lib args
  local tag=$1 lib=$2; shift 2
  LD_LIBRARY_PATH=$S/$lib timeout 90 $S/$lib/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +(auto|online|multiblock) ' $logs/$tag.txt | awk '{for(i=1;i<=NF;i++) if($i=="ok") {printf "%s(%s) ", $(i+4), $(i-1); break}}')"
}
F="--shape 1x8388608 --shape 1x16777216 --shape 1x33554432 --shape 1x67108864 --shape 1x268435456"
for round in 1 2; do
  if [ $round = 1 ]; then o="x wb"; else o="wb x"; fi
  for v in $o; do
    [ $((SECONDS-start)) -lt 420 ] || break
    run r$round-$v-f32 $v --algo auto --dtype f32 $F
    run r$round-$v-bf16 $v --algo auto --dtype bf16 --shape 1x16777216 --shape 1x268435456
    run r$round-$v-bwd-f32 $v --algo auto --backward --dtype f32 --shape 1x16777216 --shape 1x268435456
    run r$round-$v-bwd-bf16 $v --algo auto --backward --dtype bf16 --shape 1x16777216
    run r$round-$v-online $v --algo online --dtype f32 --shape 4096x65536 --shape 256x1048576
  done
  t "round $round"
done
if [ $((SECONDS-start)) -lt 470 ]; then
  timeout 60 ncu --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats --section Occupancy \
    -k regex:smax_mb_reread --launch-skip 2 --launch-count 1 env LD_LIBRARY_PATH=$S/wb \
    $S/wb/smax-bench --reps 3 --max-seconds 0.05 --no-overhead --quiet --algo auto --dtype f32 --shape 1x16777216 > $logs/ncu-wb.txt 2>&1
  t "ncu wb: $(grep -E 'DRAM Throughput|Duration|L2 Hit|Achieved Occupancy|Memory Throughput' $logs/ncu-wb.txt | tr -s ' ' | tr '\n' '|')"
fi
t end
