#!/usr/bin/env bash
# H100 call A (81a0904): the gradient's rows that fit one group but leave it alone on a compute unit
# (y and dy past half of a group's on-chip memory) and rows too few for the units: forced fused vs
# forced multiblock (a cluster where the row fits one) vs auto, two rounds; then ncu of the long rows
# (256 x 1M forward and gradient, the one-launch exchange through device memory) and of the fused
# gradient row at bf16 1024 x 40000 against its cluster.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "commit $(cat .dev/commit); $(date -u)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=/tmp/stage; mkdir -p $S/x; tar xJf .dev/stage/x/x.txz -C $S/x
N=$S/x
run() { # tag args
  local tag=$1; shift
  LD_LIBRARY_PATH=$N timeout 200 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.2 "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?"
  grep -E '^ *[0-9]+ x [0-9]+|^ +(auto|fused|multiblock|online) ' $logs/$tag.txt | head -80
}
F="--shape 8192x15000 --shape 1024x20000 --shape 2048x20000 --shape 4096x24000 --shape 512x28000 --shape 1024x28000 --shape 16384x8193 --shape 32x32000 --shape 64x32000 --shape 128x16384"
B="--shape 8192x50257 --shape 1024x40000 --shape 4096x32768 --shape 2048x57000 --shape 16384x30000 --shape 8192x16384 --shape 32x32000 --shape 64x32000 --shape 128x32768"
for round in 1 2; do
  run r$round-bwdf32 --algo auto,fused,multiblock --backward --dtype f32 $F
  run r$round-bwdbf16 --algo auto,fused,multiblock --backward --dtype bf16 $B
  t "round $round"
done
run long --algo auto --shape 256x1048576 --shape 1x16777216
run long-bwd --algo auto --backward --shape 256x1048576 --shape 1x16777216
t "bench done"
SEC="--section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section MemoryWorkloadAnalysis --section SchedulerStats"
prof() { # tag skip args
  local tag=$1 skip=$2; shift 2
  [ $((SECONDS-start)) -lt 540 ] || return
  timeout 60 ncu $SEC -k regex:smax_ --launch-skip $skip --launch-count 1 env LD_LIBRARY_PATH=$N \
    $N/smax-bench --reps 3 --max-seconds 0.05 --no-overhead "$@" > $logs/ncu-$tag.txt 2>&1
  t "ncu $tag: $(grep -E '^  [a-z_]+.*\(|DRAM Throughput|Achieved Occupancy|Registers Per|Duration|Block Limit' $logs/ncu-$tag.txt | tr -s ' ' | tr '\n' '|')"
}
prof fwd-f32-256x1M 2 --algo auto --dtype f32 --shape 256x1048576
prof bwd-f32-256x1M 2 --algo auto --backward --dtype f32 --shape 256x1048576
prof bwd-bf16-1024x40000-fused 2 --algo fused --backward --dtype bf16 --shape 1024x40000
prof bwd-bf16-1024x40000-mb 2 --algo multiblock --backward --dtype bf16 --shape 1024x40000
prof fwd-f32-1x2^24 2 --algo auto --dtype f32 --shape 1x16777216
t end
