#!/usr/bin/env bash
# H100 call 1 (2026-11-25d): the off-grid gradient's scalar prefetch (cand = main + branch
# next-bwd-scalar-prefetch) against main (x), interleaved, two rounds; then ncu of the bf16
# forward rows that run below f32's per-byte figure (10000 and 131072 columns) beside f32.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "x $(cat .dev/commit) vs cand (x + next-bwd-scalar-prefetch); $(date -u)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=/tmp/stage; for v in x cand; do mkdir -p $S/$v; tar xJf .dev/stage/x/$v.txz -C $S/$v; done
run() { # tag lib args
  local tag=$1 lib=$2; shift 2
  LD_LIBRARY_PATH=$S/$lib timeout 120 $S/$lib/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.15 --algo auto "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{for(i=1;i<=NF;i++) if($i=="ok") {printf "%s(%s %s) ", $(i+4), $(i-4), $(i-3); break}}')"
}
BF="--shape 8192x50257 --shape 1335x50257 --shape 671x100000 --shape 8192x50256 --shape 1024x32768 --shape 523x128256 --shape 256x262144 --shape 8192x2049 --shape 2048x8193 --shape 16384x8193 --shape 4096x4097 --shape 11184x6000 --shape 32x32000"
BB="--shape 8192x50257 --shape 1335x50257 --shape 671x100000 --shape 1024x40000 --shape 512x131072 --shape 128x262144 --shape 8192x2049 --shape 4096x4097 --shape 2048x8193 --shape 6710x10000 --shape 32x32000"
echo "bwd f32: $BF"; echo "bwd bf16: $BB"
for round in 1 2; do
  if [ $round = 1 ]; then order="x cand"; else order="cand x"; fi
  for v in $order; do
    run r$round-$v-bwdf32 $v --backward --dtype f32 $BF
    run r$round-$v-bwdbf16 $v --backward --dtype bf16 $BB
    run r$round-$v-bwdlogf32 $v --backward --log --dtype f32 --shape 8192x50257 --shape 1335x50257 --shape 2048x8193
  done
  t "round $round"
done
# forward rows that trail f32 per byte: every forced algorithm beside auto
FW="--shape 22369x3000 --shape 11184x6000 --shape 6710x10000 --shape 512x131072 --shape 256x262144 --shape 523x128256"
for dt in bf16 f32; do
  LD_LIBRARY_PATH=$S/x timeout 150 $S/x/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.15 --algo all --dtype $dt $FW > $logs/fwd-all-$dt.txt 2>&1
  t "fwd all $dt: exit $?"
done
SEC="--section SpeedOfLight --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis --section SchedulerStats --section LaunchStats"
for sh in 6710x10000 512x131072; do
  for dt in bf16 f32; do
    [ $((SECONDS-start)) -lt 530 ] || break
    timeout 60 ncu $SEC -k regex:smax_ --launch-skip 3 --launch-count 1 env LD_LIBRARY_PATH=$S/x \
      $S/x/smax-bench --reps 3 --max-seconds 0.05 --no-overhead --algo auto --dtype $dt --shape $sh > $logs/ncu-$dt-$sh.txt 2>&1
    t "ncu $dt $sh: $(grep -E ' smax_|DRAM Throughput|Achieved Occupancy|Registers Per|Block Size|Duration' $logs/ncu-$dt-$sh.txt | tr -s ' ' | tr '\n' '|')"
  done
done
t end
