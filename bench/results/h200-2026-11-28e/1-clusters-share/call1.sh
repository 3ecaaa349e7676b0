#!/usr/bin/env bash
# call 1 (2026-11-28, fifteenth session, H200): build "x1" = e6aa92b + environment hooks in common/plan.c
# (SMAX_EXP_GPC=N groups a compute unit of the one-launch share; SMAX_EXP_CLMIN=N the fewest groups a unit a
# forward/gradient cluster may leave; SMAX_EXP_FIT=1 the share counts each group's reduction scratch, cluster
# bytes and the runtime's 1 KB). ABBA within the call, smax-bench auto, % of copy: rows past one group's on-chip
# memory (shapes of 2^26 elements), clusters against the device-memory exchange (SMAX_CLUSTERS=0) and the share variants; then ncu of
# f32 256 x 262144 forward in each form.
set -u
S=/tmp; tar xJf .dev/stage/x1.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
N=$S/stage-x1
R() { local tag=$1 e=$2; shift 2
  [ $SECONDS -gt 470 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s; ", s, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
FWD32="--shape 256x262144 --shape 512x128256 --shape 1335x50257 --shape 1024x65536 --shape 2396x28000"
FWD16="--shape 256x262144 --shape 512x128256"
BWD="--shape 256x262144 --shape 512x128256 --shape 1335x50257"
i=0
for e in X=0 SMAX_CLUSTERS=0 SMAX_EXP_FIT=1 SMAX_EXP_GPC=5 SMAX_EXP_CLMIN=4 SMAX_EXP_CLMIN=4 SMAX_EXP_GPC=5 SMAX_EXP_FIT=1 SMAX_CLUSTERS=0 X=0; do i=$((i+1))
  R f$i-f32-$e $e --dtype f32 $FWD32
  R f$i-bf16-$e $e --dtype bf16 $FWD16
  R b$i-f32-$e $e --backward --dtype f32 $BWD
  R b$i-bf16-$e $e --backward --dtype bf16 $BWD
  t r$i
done
M='dram__bytes_read.sum,dram__bytes_write.sum,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active'
SEC="--section SpeedOfLight --section Occupancy --section LaunchStats"
sum() { echo "$1: $(grep -E 'DRAM Throughput|Duration|Achieved Occupancy|Theoretical Occupancy|Registers Per|Cluster Size|Block Limit Shared|issue_active|inst_executed|dram__bytes' $L/$1.txt | tr -s ' ' | tr '\n' ';')"; }
for e in X=0 SMAX_CLUSTERS=0 SMAX_EXP_CLMIN=4; do
  [ $SECONDS -gt 540 ] && break
  tag=ncu-f32-256x262144-$e
  env $e LD_LIBRARY_PATH=$N timeout 25 ncu --clock-control none --kernel-name regex:smax_ --launch-skip 2 --launch-count 1 $SEC --metrics "$M" \
    $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --algo auto --dtype f32 --shape 256x262144 > $L/$tag.txt 2>&1
  sum $tag
done
t end
