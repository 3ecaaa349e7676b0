#!/usr/bin/env bash
# call 2 (2026-11-28, ninth session): (a) ABBA, CUDA fafb6f3 ("cur") against "exp" = fafb6f3 + __maxnreg__(40) on the
# forward one-launch kernels (smax_mb_onchip, smax_mb_cluster; call 1's ncu: smax_mb_onchip_bf16_bf16 took 48 registers,
# so a unit held 5 groups of 256 where the 32 KB chunks leave room for 6; f32 and f16 take 40); (b) ABBA within "exp",
# SMAX_DEV_SHARE_DIV=7 (a cluster's first chunk count from a seventh of a group's on-chip memory, not a sixth: bf16
# 1024 x 262144 in 16 chunks of 32 KB, not 14 of 37 KB, which with the per-group reserve left 5 groups a unit); (c) ncu.
set -u
S=/tmp; for f in .dev/stage/cur.txz .dev/stage/exp.txz; do tar xJf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  LD_LIBRARY_PATH=$N timeout 100 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s:%s_%s_%s %s %s; ", s, $3, $4, $5, $(NF-1), $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
i=0
for b in cur exp exp cur; do i=$((i+1))
  R a$i-on16-$b $b --dtype bf16 --shape 256x1048576 --shape 128x2097152 --shape 1x8388608
  R a$i-onf16-$b $b --dtype f16 --shape 256x1048576
  R a$i-onlog-$b $b --log --dtype bf16 --shape 256x1048576
  R a$i-onmix-$b $b --dtype f32,bf16 --shape 256x1048576
  R a$i-on32-$b $b --dtype f32 --shape 256x1048576
  R a$i-cl16-$b $b --dtype bf16 --shape 1024x262144 --shape 2048x128256 --shape 4096x50257 --shape 32x32000
  R a$i-clf16-$b $b --dtype f16 --shape 1024x262144
  R a$i-cl32-$b $b --dtype f32 --shape 1024x262144
  t a$i
done
i=0
for d in 6 7 7 6; do i=$((i+1))
  SMAX_DEV_SHARE_DIV=$d R k$i-cl16-d$d exp --dtype bf16 --shape 1024x262144 --shape 2048x128256 --shape 4096x50257
  SMAX_DEV_SHARE_DIV=$d R k$i-clf16-d$d exp --dtype f16 --shape 1024x262144
  SMAX_DEV_SHARE_DIV=$d R k$i-cl32-d$d exp --dtype f32 --shape 1024x65536 --shape 512x128256
  t k$i
  [ $SECONDS -gt 500 ] && break
done
N=$S/stage-exp
SEC="--section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats"
P() { local tag=$1 k=$2 c=$3; shift 3
  timeout 60 ncu $SEC -k regex:$k --launch-skip 2 --launch-count $c env LD_LIBRARY_PATH=$N \
    $N/smax-bench --reps 3 --max-seconds 0.02 --no-overhead --quiet --algo auto "$@" > $L/ncu-$tag.txt 2>&1
  t "ncu $tag: $(grep -E '^  smax|Duration|DRAM Throughput|Achieved Occupancy|Registers Per|Block Limit|Cluster Size|Issued Warp Per|Dynamic Shared' $L/ncu-$tag.txt | tr -s ' ' | tr '\n' '|')"; }
[ $SECONDS -lt 540 ] && P on-bf16 smax_mb_onchip 1 --dtype bf16 --shape 256x1048576
t end
