#!/usr/bin/env bash
# call 1 (twenty-first session): few rows. ck = main da21826 with two dev overrides in plan.c (SMAX_DEV_CHUNKS forces
# onchip_chunks, SMAX_DEV_GROUP the one-launch chunk's group). Sweep chunks x group at few-row shapes, f32/bf16 fwd/bwd;
# then ncu of 32 x 32000 f32 forward at several plans.
set -u
S=/tmp; for b in ck; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "ck $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
N=$S/stage-ck
R() { local tag=$1; shift
  [ $SECONDS -gt 380 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.05 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s; ", s, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
SH="--shape 32x32000 --shape 16x32000 --shape 64x32000 --shape 8x32000 --shape 32x16384 --shape 32x65536 --shape 16x131072 --shape 64x50257 --shape 128x32000"
set4() { local tag=$1
  R $tag-f32f --dtype f32 $SH; R $tag-bf16f --dtype bf16 $SH; R $tag-f32b --backward --dtype f32 $SH; R $tag-bf16b --backward --dtype bf16 $SH; }
set4 D1
for c in 2 3 4 5 6 8 12 16; do for g in def 1024 $(case $c in 4|8) echo 512;; esac); do
  if [ $g = def ]; then SMAX_DEV_CHUNKS=$c set4 c$c-gdef; else SMAX_DEV_CHUNKS=$c SMAX_DEV_GROUP=$g set4 c$c-g$g; fi; done; t c$c; done
for g in 512 1024; do SMAX_DEV_GROUP=$g set4 cdef-g$g; done
set4 D2; t sweep
Q() { local tag=$1; shift
  timeout 40 env LD_LIBRARY_PATH=$N "$@" ncu --clock-control none --kernel-name regex:smax_ --launch-skip 2 --launch-count 1 \
    --section SpeedOfLight --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis --section LaunchStats \
    $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.02 --algo auto --dtype f32 --shape 32x32000 > $L/ncu-$tag.txt 2>&1
  echo "ncu $tag: $(grep -E '  smax_[a-z_0-9]+|DRAM Throughput|Duration|Achieved Occupancy|Registers Per|Warp Cycles Per Issued|Grid Size|Block Size' $L/ncu-$tag.txt | tr -s ' ' | tr '\n' ';')"; }
Q def; Q c4 SMAX_DEV_CHUNKS=4; Q c4g1024 SMAX_DEV_CHUNKS=4 SMAX_DEV_GROUP=1024; Q c8 SMAX_DEV_CHUNKS=8; Q c16 SMAX_DEV_CHUNKS=16; Q c2g1024 SMAX_DEV_CHUNKS=2 SMAX_DEV_GROUP=1024
t end
