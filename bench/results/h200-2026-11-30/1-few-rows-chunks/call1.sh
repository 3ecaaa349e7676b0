#!/usr/bin/env bash
# call 1 (twenty-fourth session, H200): dev1 = main a9e934f + SMAX_DEV_CHUNKS=c (plan.c onchip_chunks: force a
# one-launch plan's chunks). Few rows of 32000: forced cluster chunks c (algo multiblock) vs fused vs auto, f32 and bf16,
# forward and gradient; then ncu durations of 32 x 32000 at several c.
set -u
S=/tmp; for b in dev1; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "dev1 a9e934f+SMAX_DEV_CHUNKS $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
N=$S/stage-dev1
SH=""; for r in 8 16 24 32 48 64 96 128 192 256 384 512; do SH="$SH --shape ${r}x32000"; done
R() { local tag=$1 e=$2 a=$3; shift 3
  [ $SECONDS -gt 480 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$N timeout 40 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo $a $SH "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=substr($1,1,index($1,"x")-1)} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s/%s %s (%s)|", s, $(NF-2), c, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
for m in "f32" "bf16" "f32 --backward" "bf16 --backward"; do
  set -- $m; d=$1; shift; k=$d${1:+b}
  R $k-auto X=0 auto --dtype $d "$@"
  R $k-fused X=0 fused --dtype $d "$@"
  for c in 2 3 4 5 6 8 11 16; do R $k-c$c SMAX_DEV_CHUNKS=$c multiblock --dtype $d "$@"; done
  t $k
done
SEC="--section SpeedOfLight --section Occupancy --section LaunchStats"
Q() { local tag=$1 e=$2 a=$3; shift 3
  [ $SECONDS -gt 560 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$N timeout 20 ncu --clock-control none --kernel-name regex:smax_ --launch-skip 2 --launch-count 1 $SEC \
    $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --rotate-mb 0 --algo $a "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(grep -E 'DRAM Throughput|Duration|Achieved Occupancy|Waves Per SM' $L/$tag.txt | tr -s ' ' | tr '\n' ';')"; }
for c in 3 4 5 8; do Q ncu-f32-32-c$c SMAX_DEV_CHUNKS=$c multiblock --dtype f32 --shape 32x32000; done
Q ncu-bf16-64-fused X=0 fused --dtype bf16 --shape 64x32000
Q ncu-bf16-64-c2 SMAX_DEV_CHUNKS=2 multiblock --dtype bf16 --shape 64x32000
Q ncu-bf16-64-c4 SMAX_DEV_CHUNKS=4 multiblock --dtype bf16 --shape 64x32000
t end
