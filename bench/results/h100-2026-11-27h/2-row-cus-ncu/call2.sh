#!/usr/bin/env bash
# call 2 (2026-11-27, eighth session): (a) ABBA, CUDA e5c2b9a + a development switch (SMAX_DEV_ROW_CUS=N: a one-launch
# row may take up to N x CUs chunks; 1 = e5c2b9a's rule): the f32 gradient at 256 x 1M in 256 chunks of 32 KB (7 groups a
# unit) against 132 of 63.5 KB (3 a unit); (b) ncu of the three-launch kernels, bf16 1 x 2^27 against f32 1 x 2^26 (the
# same bytes; OpenCL on NVIDIA ran bf16 2^28 at 65.5% of copy, CUDA 61.1, f32 both 65); (c) ncu of bwd f32 256 x 1M at N=2.
set -u
S=/tmp; for f in .dev/stage/*.txz; do tar xJf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  LD_LIBRARY_PATH=$N timeout 150 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s:%s_%s_%s %s %s; ", s, $3, $4, $5, $(NF-1), $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
i=0
for n in 1 2 2 1; do i=$((i+1))
  SMAX_DEV_ROW_CUS=$n R a$i-bwd-f32-n$n rowcus --backward --dtype f32 --shape 256x1048576 --shape 128x1048576 --shape 64x1048576 --shape 256x1048575 --shape 512x524288
  SMAX_DEV_ROW_CUS=$n R a$i-bwd-f32-log-n$n rowcus --backward --log --dtype f32 --shape 256x1048576
  SMAX_DEV_ROW_CUS=$n R a$i-fwd-f32-n$n rowcus --dtype f32 --shape 128x2097152 --shape 64x2097152
  SMAX_DEV_ROW_CUS=$n R a$i-bwd-bf16-n$n rowcus --backward --dtype bf16 --shape 128x2097152
  t a$i
done
N=$S/stage-base
SEC="--section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats"
P() { local tag=$1 k=$2 c=$3; shift 3
  timeout 150 ncu $SEC -k regex:$k --launch-skip 2 --launch-count $c env LD_LIBRARY_PATH=$N \
    $N/smax-bench --reps 3 --max-seconds 0.02 --no-overhead --quiet --algo auto "$@" > $L/ncu-$tag.txt 2>&1
  t "ncu $tag: $(grep -E '^  smax|Duration|DRAM Throughput|Achieved Occupancy|Registers Per|Block Size|Grid Size|Issued Warp Per|No Eligible|Compute \(SM\) Th' $L/ncu-$tag.txt | tr -s ' ' | tr '\n' '|')"; }
P mb16 'smax_mb_(partials|normalize)' 2 --dtype bf16 --shape 1x134217728
P mb32 'smax_mb_(partials|normalize)' 2 --dtype f32 --shape 1x67108864
N=$S/stage-rowcus; export SMAX_DEV_ROW_CUS=2
P bwd32-1M-n2 smax_bwd_mb_onchip 1 --backward --dtype f32 --shape 256x1048576
t end
