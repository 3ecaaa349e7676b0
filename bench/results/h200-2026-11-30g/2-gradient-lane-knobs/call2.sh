#!/usr/bin/env bash
# call 2 (thirtieth session, H200): d30 = main 24cba32 + dev knobs (.dev/d30-knobs.diff): SMAX_DEV_NARROW=1 lets the
# on-chip f32 -> 16-bit gradient halve its lanes while a lane has under 1.4 vectors (lanes of 1.4-2.8 vectors, nearest
# two in log) in place of 7aaae8c's 2-4 (unset); SMAX_DEV_LV16=k sets the 16-bit-input gradient's lane vectors
# (SMAX_ONCHIP_LANE_VECTORS, 4). A B B A sweeps of odd widths; A B C C B A for k = 4, 2, 8; ncu without clock
# control of f32 -> bf16 and f32 -> f16 at 1149.
set -u
S=/tmp; for b in d30; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "d30 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 e=$3; shift 3
  env $e LD_LIBRARY_PATH=$S/stage-$b timeout 90 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
W="401 457 513 575 733 801 913 1001 1149 1500 1700 1999 2500 3001 3501 4001"
i=0; for n in 0 1 1 0; do i=$((i+1))
  R nb-$i-$n d30 SMAX_DEV_NARROW=$n --algo auto --backward --dtype bf16,f32 $(SH $W)
  R nh-$i-$n d30 SMAX_DEV_NARROW=$n --algo auto --backward --dtype f16,f32 $(SH $W)
  R nl-$i-$n d30 SMAX_DEV_NARROW=$n --algo auto --log --backward --dtype f16,f32 $(SH 575 913 1149 1500 2500 3001)
done; t narrow
i=0; for k in 4 2 8 8 2 4; do i=$((i+1))
  R lw-$i-$k d30 SMAX_DEV_LV16=$k --algo auto --backward --dtype f32,f16 $(SH 575 1149 1500 2048 3001 4001 6001)
  R lb-$i-$k d30 SMAX_DEV_LV16=$k --algo auto --backward --dtype bf16 $(SH 575 1149 2049 2897 4097 6001)
done; t lv16
NC() { local tag=$1; shift; LD_LIBRARY_PATH=$S/stage-d30 timeout 90 ncu --clock-control none --section SpeedOfLight --section Occupancy \
  -k regex:smax --launch-skip 3 --launch-count 1 $S/stage-d30/smax-bench --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 --algo auto "$@" > $L/ncu-$tag.txt 2>&1
  echo "ncu $tag: $(grep -E '^ +(Duration|DRAM Throughput|SM Frequency|DRAM Frequency|Achieved Occupancy)' $L/ncu-$tag.txt | awk '{printf "%s=%s ", $1" "$2, $NF}')"; }
NC bf16-1149 --backward --dtype bf16,f32 $(SH 1149)
NC f16-1149 --backward --dtype f16,f32 $(SH 1149)
NC bf16-575 --backward --dtype bf16,f32 $(SH 575)
NC f16-575 --backward --dtype f16,f32 $(SH 575)
t end
