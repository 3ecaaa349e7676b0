#!/usr/bin/env bash
# call 2 (twenty-third session, H200): dev1 = main 1127527 + SMAX_DEV_FUSED=reg|onchip (plan.c: force the register
# kernel over tiles, or on-chip over registers/tiles). Cliffs of call 1's dense sweep (2^25 elements): f32 forward
# rows whose register slots are ~56% full; bf16 forward and gradient rows of 145-2048 columns (tiles, registers).
set -u
S=/tmp; for b in dev1; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "dev1 1127527+SMAX_DEV_FUSED $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
N=$S/stage-dev1
R() { local tag=$1 e=$2; shift 2
  [ $SECONDS -gt 470 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s; ", substr(s, index(s,"x")+1), $NF} /FAIL/{print "FAIL", $0}' $L/$tag.txt)"; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
F32=$(SH 145 181 287 320 575 725 1149 1449 512)
B16=$(SH 128 145 192 229 287 320 384 457 575 640 725 913 1024 1149 1280 1449 1600 1825 2048)
BB=$(SH 145 229 287 320 575 725 913 1149 1449 2897 5793 14597)
i=0; for e in X=0 SMAX_DEV_FUSED=onchip SMAX_DEV_FUSED=onchip X=0; do i=$((i+1)); R f$i-$e $e --dtype f32 $F32; done; t f32
i=0; for e in X=0 SMAX_DEV_FUSED=reg SMAX_DEV_FUSED=onchip SMAX_DEV_FUSED=onchip SMAX_DEV_FUSED=reg X=0; do i=$((i+1)); R h$i-$e $e --dtype bf16 $B16; done; t bf16
i=0; for e in X=0 SMAX_DEV_FUSED=reg SMAX_DEV_FUSED=onchip SMAX_DEV_FUSED=onchip SMAX_DEV_FUSED=reg X=0; do i=$((i+1)); R b$i-$e $e --backward --dtype bf16 $BB; done; t bf16-bwd
M='regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,dram__bytes.sum'
SEC="--section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats"
sum() { echo "$1: $(grep -E '^  [a-z_A-Z0-9]+.*\(|DRAM Throughput|Duration|Achieved Occupancy|Registers Per|Block Limit Reg|Block Limit Shared|issue_active|inst_executed.sum|stalled' $L/$1.txt | awk '/stalled/ && $NF+0 < 0.5 {next} {print}' | sed 's/smsp__average_warps_issue_stalled_//; s/_per_issue_active.ratio//' | tr -s ' ' | tr '\n' ';')"; }
Q() { local tag=$1 e=$2; shift 2
  [ $SECONDS -gt 540 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$N timeout 30 ncu --clock-control none --kernel-name regex:smax_ --launch-skip 2 --launch-count 1 $SEC --metrics "$M" \
    $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --rotate-mb 0 --algo auto "$@" > $L/$tag.txt 2>&1; sum $tag; }
Q ncu-b1149-tile X=0 --dtype bf16 --shape 29203x1149
Q ncu-b1149-reg SMAX_DEV_FUSED=reg --dtype bf16 --shape 29203x1149
Q ncu-b1149-onchip SMAX_DEV_FUSED=onchip --dtype bf16 --shape 29203x1149
Q ncu-f287-reg X=0 --dtype f32 --shape 116914x287
Q ncu-f287-onchip SMAX_DEV_FUSED=onchip --dtype f32 --shape 116914x287
t end
