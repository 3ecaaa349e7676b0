#!/usr/bin/env bash
# call 1 (2026-11-27b): A/B of plan rules by dev knobs (CUDA build, b4e11aa + knobs):
# A gradient clusters of one group a unit against the device-memory exchange (SMAX_DEV_BWD_GPC=2, SMAX_CLUSTERS=0), ABC CBA;
# B 32 x 32000 and neighbours: cluster chunks forced (SMAX_DEV_CL_CHUNKS), two rounds;
# D ncu of the f32 gradient's and forward's exchange kernels at 256 x 1M.
set -u
S=/tmp; for f in .dev/stage/*.tgz; do tar xzf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
N=$S/stage-cuda
# R tag "ENV=.. ENV=.." smax-bench-args...: auto rows, one line each: tag shape plan... % copy
R() { local tag=$1 envs=$2; shift 2
  env $envs LD_LIBRARY_PATH=$N timeout 120 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  awk -v t="$tag" '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{$1=""; print t, s, $0} /FAILED verification/ && $5!=0 {print t, "FAILED", $0}' $L/$tag.txt; }
A32="--shape 1024x262144 --shape 512x262144 --shape 128x262144 --shape 1024x200000 --shape 1024x262143 --shape 8192x50257 --shape 640x200001"
A16="--shape 512x524288 --shape 256x524288 --shape 512x400000 --shape 1024x262144 --shape 8192x50257"
i=0
for cfg in "" "SMAX_DEV_BWD_GPC=2" "SMAX_CLUSTERS=0" "SMAX_CLUSTERS=0" "SMAX_DEV_BWD_GPC=2" ""; do
  i=$((i+1)); n=$(echo "${cfg:-default}" | tr -c 'A-Za-z0-9\n' '_')
  R A$i-f32-$n "$cfg" --backward --dtype f32 $A32
  R A$i-bf16-$n "$cfg" --backward --dtype bf16 $A16
done
t A
for r in 1 2; do
  for c in "" 2 3 4 6 8 11 16; do
    e=""; [ -n "$c" ] && e="SMAX_DEV_CL_CHUNKS=$c"
    for d in f32 bf16; do
      R B$r-fwd-$d-c${c:-def} "$e" --dtype $d --shape 32x32000 --shape 16x32000 --shape 64x32000 --shape 32x16384
      R B$r-bwd-$d-c${c:-def} "$e" --backward --dtype $d --shape 32x32000 --shape 16x32000 --shape 64x32000 --shape 32x16384
    done
  done
  [ $SECONDS -gt 480 ] && break
done
t B
SEC="--section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats"
nc() { local tag=$1 k=$2; shift 2
  timeout 100 ncu $SEC -k regex:$k --launch-skip 2 --launch-count 1 env LD_LIBRARY_PATH=$N \
    $N/smax-bench --reps 3 --max-seconds 0.02 --no-overhead --quiet "$@" > $L/ncu-$tag.txt 2>&1
  t "ncu $tag: $(grep -E 'Duration|DRAM Throughput|Achieved Occupancy|Registers Per|Block Size|Grid Size|Issued Warp Per|No Eligible' $L/ncu-$tag.txt | tr -s ' ' | tr '\n' '|')"
}
[ $SECONDS -lt 500 ] && nc bwd32-1M smax_bwd_mb_onchip --algo auto --backward --dtype f32 --shape 256x1048576
[ $SECONDS -lt 540 ] && nc fwd32-1M smax_mb_onchip --algo auto --dtype f32 --shape 256x1048576
t end
