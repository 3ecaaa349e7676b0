#!/usr/bin/env bash
# call 1 (2026-11-27, eighth session): (a) ABBA, CUDA, "cap" (e5c2b9a + the three-launch chunk capped at 64 KB of each
# input array, not 16384 elements) against e5c2b9a ("base"), single vectors planned in three launches; (b) the same for
# OpenCL on NVIDIA (1 x 2^24 f32 is three launches there); (c) ncu of the 256 x 1M one-launch kernels (base).
set -u
S=/tmp; for f in .dev/stage/*.txz; do tar xJf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  LD_LIBRARY_PATH=$N timeout 150 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s:%s_%s_%s %s %s; ", s, $3, $4, $5, $(NF-1), $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
i=0
for b in base cap cap base; do i=$((i+1))
  R a$i-bf16-$b $b --dtype bf16 --shape 1x268435456 --shape 1x134217728
  R a$i-f16-$b $b --dtype f16 --shape 1x268435456
  R a$i-f32-$b $b --dtype f32 --shape 1x268435456 --shape 1x67108864
  R a$i-bwd-bf16-$b $b --backward --dtype bf16 --shape 1x268435456 --shape 1x67108864
  R a$i-bwd-f32-$b $b --backward --dtype f32 --shape 1x268435456
  t a$i
done
mkdir -p /tmp/ocl-vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
i=0
for b in oclbase oclcap oclcap oclbase; do i=$((i+1))
  R o$i-f32-$b $b --dtype f32 --shape 1x16777216 --shape 1x268435456
  R o$i-bf16-$b $b --dtype bf16 --shape 1x268435456
  t o$i
done
unset OCL_ICD_VENDORS SMAX_OPENCL_DEVICE
N=$S/stage-base
SEC="--section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats"
P() { local tag=$1 k=$2; shift 2
  timeout 150 ncu $SEC -k regex:$k --launch-skip 2 --launch-count 1 env LD_LIBRARY_PATH=$N \
    $N/smax-bench --reps 3 --max-seconds 0.02 --no-overhead --quiet --algo auto "$@" > $L/ncu-$tag.txt 2>&1
  t "ncu $tag: $(grep -E 'Duration|DRAM Throughput|Achieved Occupancy|Registers Per|Block Size|Grid Size|Issued Warp Per|No Eligible|Theoretical Occ' $L/ncu-$tag.txt | tr -s ' ' | tr '\n' '|')"; }
P bwd32-1M smax_bwd_mb_onchip --backward --dtype f32 --shape 256x1048576
P bwd16-1M smax_bwd_mb_onchip --backward --dtype bf16 --shape 256x1048576
P fwd32-1M smax_mb_onchip --dtype f32 --shape 256x1048576
P fwd16-1M smax_mb_onchip --dtype bf16 --shape 256x1048576
P bwd32-256k smax_bwd_mb_onchip --backward --dtype f32 --shape 1024x262144
timeout 200 ncu --set full --import-source no -k regex:smax_bwd_mb_onchip --launch-skip 2 --launch-count 1 -o /tmp/rep-bwd32 env LD_LIBRARY_PATH=$N \
  $N/smax-bench --reps 3 --max-seconds 0.02 --no-overhead --quiet --algo auto --backward --dtype f32 --shape 256x1048576 > $L/ncu-full-bwd32.log 2>&1
ncu -i /tmp/rep-bwd32.ncu-rep --page details > $L/ncu-full-bwd32.txt 2>&1
ncu -i /tmp/rep-bwd32.ncu-rep --page source --csv --print-source sass > $L/sass-bwd32.csv 2>&1
t "full bwd32: $(wc -l < $L/sass-bwd32.csv) sass lines"
t end
