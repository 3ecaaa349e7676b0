#!/usr/bin/env bash
# call 2 (2026-11-28, twelfth session): the device-memory exchange with an L2 prefetch of a later ticket's chunk while a
# group waits on its row's partials (build "pf" = ca3c634 + dev patch; SMAX_DEV_PREFETCH=q: q quarters of the groups the
# device holds at once ahead; unset: none) against main ca3c634, on the shapes whose auto plan is that exchange.
set -u
S=/tmp; for b in main pf; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local N=$S/stage-$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$N timeout 90 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s; ", s, $(NF-1)} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
V() { local b=$1 q=$2 i=$3; local tag=r$i-$b-$q
  if [ "$q" = "-" ]; then unset SMAX_DEV_PREFETCH; else export SMAX_DEV_PREFETCH=$q; fi
  R $b $tag-fwd --dtype f32 --shape 256x1048576 --shape 128x1048576
  R $b $tag-fwh --dtype bf16 --shape 256x1048576
  R $b $tag-bwd --backward --dtype f32 --shape 1024x262144 --shape 512x262144 --shape 256x1048576
  R $b $tag-bwh --backward --dtype bf16 --shape 256x1048576
  unset SMAX_DEV_PREFETCH; }
i=0
for v in "main -" "pf -" "pf 4" "pf 2" "pf 6" "pf 8" "pf 8" "pf 6" "pf 2" "pf 4" "pf -" "main -"; do i=$((i+1)); V $v $i; t round $i; done
N=$S/stage-pf
for q in - 4; do
  if [ "$q" = "-" ]; then unset SMAX_DEV_PREFETCH; else export SMAX_DEV_PREFETCH=$q; fi
  tag=ncu-bwd-f32-1024x262144-q$q
  LD_LIBRARY_PATH=$N timeout $((590 - SECONDS > 60 ? 60 : 590 - SECONDS)) ncu --clock-control none --kernel-name regex:smax_ --launch-skip 2 --launch-count 1 \
    --section SpeedOfLight --section Occupancy --section MemoryWorkloadAnalysis --section LaunchStats \
    $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --algo auto --backward --dtype f32 --shape 1024x262144 > $L/$tag.txt 2>&1
  echo "$tag: $(grep -E '  smax_[a-z_0-9]+|DRAM Throughput|Duration|L2 Hit Rate|Achieved Occupancy|Registers Per|Block Limit (Reg|Shared)' $L/$tag.txt | tr -s ' ' | tr '\n' ';')"
done
unset SMAX_DEV_PREFETCH
t end
