#!/usr/bin/env bash
# call (prepared in the fifty-seventh session): cu-pair.txz (stage-cu-share2 = 22692bd's CUDA library).
# 1) Why the mixed gradient bf16 y,dy -> f32 dx runs 92.7-97.1% of copy at 5800-7000 columns where bf16 -> bf16 runs
#    ~101 with the same register plan (g256): smax-bench auto over .dev/calls/mixed6000.txt for both, then ncu of each
#    at 11184 x 6000. 2) Few rows without clusters is HIP's case; CUDA's clusters beside it: smax-bench fused,multiblock,auto
#    over .dev/calls/rows32000.txt, f32 forward (the HIP half is c57-2).
set -u
S=/tmp; tar xJf .dev/stage/cu-pair.txz -C $S; N=$S/stage-cu-share2
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "main 22692bd (cu-share2); $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
SB() { local tag=$1; shift
  LD_LIBRARY_PATH=$N timeout 120 $N/smax-bench --no-overhead --quiet --reps 11 --max-seconds 0.5 "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" || $1=="fused" || $1=="multiblock" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") printf "%s %s %s %sus %s%%; ", s, $1, $i, $(i+2), $(i+4)}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
for r in 1 2; do
  SB mixed-$r --backward --algo auto --dtype f32,bf16 --shapes .dev/calls/mixed6000.txt
  SB bf16-$r --backward --algo auto --dtype bf16 --shapes .dev/calls/mixed6000.txt
done
t timings
SEC="--section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats"
nc() { local tag=$1; shift
  timeout 120 ncu $SEC -k regex:smax_bwd --launch-skip 2 --launch-count 1 env LD_LIBRARY_PATH=$N \
    $N/smax-bench --reps 3 --max-seconds 0.02 --no-overhead --quiet --rotate-mb 0 "$@" > $L/ncu-$tag.txt 2>&1
  t "ncu $tag: $(grep -E 'Duration|DRAM Throughput|Achieved Occupancy|Registers Per|Block Size|Grid Size|Issued Warp Per|Theoretical Occupancy' $L/ncu-$tag.txt | tr -s ' ' | tr '\n' '|')"; }
nc mixed --backward --algo auto --dtype f32,bf16 --shape 11184x6000
nc bf16 --backward --algo auto --dtype bf16 --shape 11184x6000
nc mixed-5000 --backward --algo auto --dtype f32,bf16 --shape 13421x5000
SB rows-cu --algo fused,multiblock,auto --dtype f32 --shapes .dev/calls/rows32000.txt
t end
