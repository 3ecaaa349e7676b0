#!/usr/bin/env bash
# call 2 (twenty-fourth session, H200): dev2 = main a9e934f + SMAX_DEV_CHUNKS=c + SMAX_DEV_GROUP=g (plan.c: force a
# one-launch plan's chunks; force its group size, halved while a vector an item does not fit the chunk). Few rows of
# 32000: cluster groups of 256 (the plan's), 512, 1024 items, two rounds (A B C C B A), against auto and fused.
set -u
S=/tmp; for b in dev2; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "dev2 a9e934f+SMAX_DEV_CHUNKS+SMAX_DEV_GROUP $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
N=$S/stage-dev2
SH=""; for r in 8 16 24 32 48 64 96 128 192 256 384 512; do SH="$SH --shape ${r}x32000"; done
R() { local tag=$1 e=$2 a=$3; shift 3
  [ $SECONDS -gt 450 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$N timeout 40 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo $a $SH "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=substr($1,1,index($1,"x")-1)} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s/%s %s (%s)|", s, $(NF-2), c, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
for m in "f32" "bf16" "f32 --backward" "bf16 --backward"; do
  set -- $m; d=$1; shift; k=$d${1:+b}
  R $k-auto X=0 auto --dtype $d "$@"
  [ $d = bf16 ] && R $k-fused X=0 fused --dtype $d "$@"
  i=0; for g in 256 512 1024 1024 512 256; do i=$((i+1)); R $k-g$g.$i SMAX_DEV_GROUP=$g multiblock --dtype $d "$@"; done
  t $k
done
R f32-c4g1024 "SMAX_DEV_CHUNKS=4 SMAX_DEV_GROUP=1024" multiblock --dtype f32
R f32-c8g1024 "SMAX_DEV_CHUNKS=8 SMAX_DEV_GROUP=1024" multiblock --dtype f32
M='regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum'
SEC="--section SpeedOfLight --section Occupancy --section LaunchStats"
Q() { local tag=$1 e=$2 a=$3; shift 3
  [ $SECONDS -gt 560 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$N timeout 20 ncu --clock-control none --kernel-name regex:smax_ --launch-skip 2 --launch-count 1 $SEC --metrics "$M" \
    $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --rotate-mb 0 --algo $a "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(grep -E '^  [a-z_A-Z0-9]+.*\(|DRAM Throughput|Duration|Achieved Occupancy|Block Size|issue_active|inst_executed.sum|stalled' $L/$tag.txt | awk '/stalled/ && $NF+0 < 0.3 {next} {print}' | sed 's/smsp__average_warps_issue_stalled_//; s/_per_issue_active.ratio//' | tr -s ' ' | tr '\n' ';')"; }
for g in 256 1024; do Q ncu-f32-32-g$g SMAX_DEV_GROUP=$g multiblock --dtype f32 --shape 32x32000; done
for g in 256 1024; do Q ncu-f32-128-g$g SMAX_DEV_GROUP=$g multiblock --dtype f32 --shape 128x32000; done
t end
