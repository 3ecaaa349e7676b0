#!/usr/bin/env bash
# call 6 (2026-11-27, sixth session), main 9d2c13b: why the f32 gradient's rows of 50257 columns (off the 16-byte grid) run
# 10 points below 50256 and 65536: ncu (SpeedOfLight, Occupancy, LaunchStats, WarpStateStats, MemoryWorkloadAnalysis,
# InstructionStats, SourceCounters) of the cluster gradient at 1335 x 50257, 1335 x 50256 and 1024 x 65536, and smax-bench of the same.
set -u
S=/tmp; for f in .dev/stage/cuda.tgz; do tar xzf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
N=$S/stage-cuda
LD_LIBRARY_PATH=$N $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --backward --dtype f32 \
  --shape 1335x50257 --shape 1335x50256 --shape 1024x65536 --shape 1335x50260 --shape 1335x50264 > $L/bench.txt 2>&1
awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{$1=""; print s, $0}' $L/bench.txt
for sh in 1335x50257 1335x50256 1024x65536; do
  LD_LIBRARY_PATH=$N timeout 90 ncu --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats \
    --section MemoryWorkloadAnalysis --section InstructionStats --section SourceCounters -k regex:'smax_(bwd)' --launch-skip 2 --launch-count 1 \
    $N/smax-bench --reps 3 --max-seconds 0.02 --no-overhead --quiet --algo auto --backward --dtype f32 --shape $sh > $L/ncu-$sh.txt 2>&1
  echo "ncu $sh: $(grep -E '^  smax_|DRAM Throughput|Achieved Occupancy|Registers Per|Grid Size|Cluster Size|Duration|Dynamic Shared|Warp Cycles Per Issued|Executed Instructions  |L2 Hit|L1/TEX Hit|Mem Busy' $L/ncu-$sh.txt | awk '{$1=$1};1' | tr '\n' ';')"
done
t end
