#!/usr/bin/env bash
# call 3 (twenty-third session, H200): A = main 1127527's plans (p1 with SMAX_DEV_OLDPLAN=1, which turns the new rule off), B = p1 (onchip_outpaces: on
# the H200 f32 forward rows whose register slots are at most 5/8 full, 16-bit forward rows past 256 columns, and the
# 16-bit gradient's register rows under 3/4 full run on-chip). Dense sweep shapes (2^25 elements) up to 2048 columns
# forward, 8192 for the gradient; A B B A.
set -u
S=/tmp; for b in p1; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "A dev1 (1127527) / B p1 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local N=$S/stage-p1 e=X=0; [ $b = dev1 ] && e=SMAX_DEV_OLDPLAN=1
  [ $SECONDS -gt 540 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$N timeout 90 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s; ", substr(s, index(s,"x")+1), $NF} /FAILED verification/ && $5!=0 {print "FAIL", $0}' $L/$tag.txt)"; }
i=0; for b in dev1 p1 p1 dev1; do i=$((i+1)); R f$i-$b $b --dtype f32 --shapes .dev/ab-fwd.txt; done; t f32
i=0; for b in dev1 p1 p1 dev1; do i=$((i+1)); R h$i-$b $b --dtype bf16 --shapes .dev/ab-fwd.txt; done; t bf16
i=0; for b in dev1 p1 p1 dev1; do i=$((i+1)); R b$i-$b $b --backward --dtype bf16 --shapes .dev/ab-bwd.txt; done; t bf16-bwd
i=0; for b in dev1 p1; do i=$((i+1)); R g$i-$b $b --dtype f16 --shapes .dev/ab-fwd.txt; done; t f16
i=0; for b in dev1 p1; do i=$((i+1)); R l$i-$b $b --dtype bf16 --log --shape 58355x575 --shape 29203x1149 --shape 32768x1024 --shape 104857x320; done; t bf16-log
i=0; for b in dev1 p1; do i=$((i+1)); R w$i-$b $b --backward --dtype f16 --shape 104857x320 --shape 23156x1449 --shape 11582x2897 --shape 5792x5793; done; t f16-bwd
t end
