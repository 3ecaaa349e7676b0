#!/usr/bin/env bash
# call 2 (2026-11-28, eleventh session, H200): do the H100-measured one-launch constants hold on the H200's
# 1.4x bandwidth? One build (main's kernels, plan.c knobs by getenv, dev only): default against
# item bytes 192/256 (chunks of the device-memory exchange 48/64 KB), a unit's share 4 groups, clusters down to 2 a unit.
set -u
S=/tmp; tar xJf .dev/stage/knob.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u) $(uname -r)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
N=$S/stage-knob
R() { local tag=$1; shift
  LD_LIBRARY_PATH=$N timeout 90 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s:%s_%s_%s %s; ", s, $3, $4, $5, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
for k in def ib192 ib256 cg4 cl2 def; do
  unset SMAX_DEV_ITEM_BYTES SMAX_DEV_COOP_GROUPS SMAX_DEV_CLUSTER_GROUPS
  case $k in ib192) export SMAX_DEV_ITEM_BYTES=192;; ib256) export SMAX_DEV_ITEM_BYTES=256;; cg4) export SMAX_DEV_COOP_GROUPS=4;; cl2) export SMAX_DEV_CLUSTER_GROUPS=2;; esac
  R $k-f32 --dtype f32 --shape 4096x65536 --shape 1024x262144 --shape 256x1048576 --shape 4096x128256
  R $k-bf16 --dtype bf16 --shape 4096x65536 --shape 1024x262144 --shape 256x1048576
  R $k-bf32 --backward --dtype f32 --shape 4096x65536 --shape 1024x262144 --shape 256x262144
  R $k-bbf16 --backward --dtype bf16 --shape 4096x65536 --shape 1024x262144
  t $k
done
unset SMAX_DEV_ITEM_BYTES SMAX_DEV_COOP_GROUPS SMAX_DEV_CLUSTER_GROUPS
which ncu && for s in "--dtype f32 --backward --shape 1024x262144" "--dtype bf16 --shape 4096x65536"; do
  tag=ncu-$(echo $s | tr -c 'a-z0-9' '_')
  LD_LIBRARY_PATH=$N timeout 120 ncu --clock-control none --launch-skip 3 --launch-count 1 --section SpeedOfLight --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis \
    $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --algo auto $s > $L/$tag.txt 2>&1
  echo "$tag: $(grep -E 'smax_[a-z_0-9]+|DRAM Throughput|Memory Throughput|Achieved Occupancy|Theoretical Occupancy|Registers Per|Block Limit|Stall' $L/$tag.txt | head -20 | tr -s ' ' | tr '\n' ';')"
done
t end
