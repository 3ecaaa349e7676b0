#!/usr/bin/env bash
# call 2 (thirty-first session, H200): the on-chip gradient's keep batch. k31 = main d555dcc + plan knobs
# (SMAX_DEV_LANES, SMAX_DEV_GROUP; .dev/k31.diff) with the fused gradient's batch as main (16-byte keeps 2 pairs,
# 32-byte keeps 1); b42 = the same source built with batches of 4 and 2 (-DSMAX_DEV_B16=4 -DSMAX_DEV_B32=2), b53 = 5 and 3.
# A B C C B A over the gradient rows under 90% of copy, with the knobs that call 1 found promising; ncu of b42 and b53.
set -u
S=/tmp; for b in k31 b42 b53; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "k31 b42 b53 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 e=$3; shift 3; local B=$S/stage-$b
  env $e LD_LIBRARY_PATH=$B timeout 90 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|FAIL" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
NC() { local tag=$1 b=$2 k=$3; shift 3; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 100 ncu --clock-control none --kernel-name regex:$k --launch-skip 2 --launch-count 1 --set full \
    --import-source no -o $L/$tag $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --rotate-mb 0 --algo auto "$@" > $L/ncu-$tag.txt 2>&1
  ncu --import $L/$tag.ncu-rep --page details > $L/$tag-details.txt 2>&1
  ncu --import $L/$tag.ncu-rep --page raw --csv > $L/$tag-raw.csv 2>&1; rm -f $L/$tag.ncu-rep
  echo "$tag: $(grep -E '^ +(Duration|DRAM Throughput|Issue Slots Busy|Achieved Occupancy|No Eligible|Registers Per Thread|Block Limit Registers|Local Memory Spilling Requests) ' $L/$tag-details.txt | awk '{$1=$1; print}' | tr '\n' ';')"; }
i=0; for b in k31 b42 b53 b53 b42 k31; do i=$((i+1))
  R bb-$i-$b $b X=0 --algo auto --backward --dtype bf16 $(SH 575 725 1025 1149 1500 2049 2897 4097)
  R bh-$i-$b $b X=0 --algo auto --backward --dtype f16 $(SH 575 1149 1500)
  R bl-$i-$b $b SMAX_DEV_LANES=64 --algo auto --backward --dtype bf16 $(SH 1025 1149 1500)
  R fb-$i-$b $b X=0 --algo auto --backward --dtype bf16,f32 $(SH 575 913 1149 1700 3001 4001)
  R fg-$i-$b $b SMAX_DEV_GROUP=128 --algo auto --backward --dtype bf16,f32 $(SH 575 913 1149 1700 3001 4001)
  R fh-$i-$b $b X=0 --algo auto --backward --dtype f16,f32 $(SH 575 1149 2500)
  R wf-$i-$b $b X=0 --algo auto --backward --dtype f32,bf16 $(SH 145 287 575 1500 3001)
  R wl-$i-$b $b SMAX_DEV_LANES=16 --algo auto --backward --dtype f32,bf16 $(SH 145)
done; t sweeps
NC bb575-b42 b42 smax_bwd --backward --dtype bf16 $(SH 575)
NC bb575-b53 b53 smax_bwd --backward --dtype bf16 $(SH 575)
NC fb575-b42 b42 smax_bwd --backward --dtype bf16,f32 $(SH 575)
NC fb575-b53 b53 smax_bwd --backward --dtype bf16,f32 $(SH 575)
t end
