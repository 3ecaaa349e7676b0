#!/usr/bin/env bash
# call 1 (2026-11-27, seventh session): (a) ABBA, CUDA, main 03c1f2f ("cur": the chunk grid with the f32 gradient's
# cluster kernel bounded to 64 registers) against 9d2c13b ("old"), the gradient at off-grid and aligned vocabularies;
# (b) why bf16 forward rows of 10000 columns run 92% of copy where 8192 and 12288 run 98: smax-bench over columns
# 8192..16384 (about 2^26 elements each) in bf16 and f16, f32 beside; (c) ncu of bf16 6710 x 10000 against 5461 x 12288.
set -u
S=/tmp; for f in .dev/stage/cuda.tgz .dev/stage/cuda-old.tgz; do tar xzf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  LD_LIBRARY_PATH=$N timeout 100 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s:%s_%s_%s %s %s; ", s, $3, $4, $5, $(NF-1), $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
i=0
for b in old cur cur old; do i=$((i+1)); C=cuda; [ $b = old ] && C=cuda-old
  R a$i-bwd-f32-$b $C --backward --dtype f32 --shape 8192x50257 --shape 1335x50257 --shape 1335x50256 --shape 512x65535 --shape 1024x65536 --shape 1024x262144
  R a$i-bwd-bf16-$b $C --backward --dtype bf16 --shape 8192x50257 --shape 2048x50257 --shape 512x131071
  t a$i
done
SW=""; for c in 8192 8704 9216 9728 10000 10240 10752 11264 11776 12288 13312 14336 15360 16384; do SW="$SW --shape $((67108864 / c))x$c"; done
R sweep-bf16 cuda --dtype bf16 $SW
R sweep-f16 cuda --dtype f16 $SW
R sweep-f32 cuda --dtype f32 $SW
t sweeps
for sh in 6710x10000 5461x12288; do
  LD_LIBRARY_PATH=$S/stage-cuda timeout 100 ncu --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats \
    --section SchedulerStats --section MemoryWorkloadAnalysis --section InstructionStats --section ComputeWorkloadAnalysis --section SourceCounters \
    -k regex:'smax_' --launch-skip 2 --launch-count 1 \
    $S/stage-cuda/smax-bench --reps 3 --max-seconds 0.02 --no-overhead --quiet --algo auto --dtype bf16 --shape $sh > $L/ncu-$sh.txt 2>&1
  echo "ncu $sh: $(grep -E '^  smax_|DRAM Throughput|Achieved Occupancy|Registers Per|Duration|Dynamic Shared|Warp Cycles Per Issued|Executed Instructions  |Issue Slots Busy|No Eligible|Compute \(SM\)' $L/ncu-$sh.txt | awk '{$1=$1};1' | tr '\n' ';')"
done
t end
