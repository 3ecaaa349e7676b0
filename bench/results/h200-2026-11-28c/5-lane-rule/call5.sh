#!/usr/bin/env bash
# call 5 (2026-11-28, thirteenth session, H200): one build "xp" (0d80f1c + environment overrides of the on-chip lane
# rule, not committed), configurations compared ABBA within the call: (a) f32 forward rows with the 16-bit rows' rule at
# 32 and 64 elements a lane, against 0d80f1c's 16; (b) 16-bit rows at 128 elements a lane, or never a group to
# themselves, against 0d80f1c's 64 and 128.
set -u
S=/tmp; tar xJf .dev/stage/xp.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
N=$S/stage-xp
R() { local tag=$1 e=$2; shift 2
  [ $SECONDS -gt 235 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$N timeout 40 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s; ", s, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
i=0
for e in X=0 SMAX_EXP_F32_LANE=32 SMAX_EXP_F32_LANE=64 SMAX_EXP_F32_LANE=64 SMAX_EXP_F32_LANE=32 X=0; do i=$((i+1))
  R f$i-f32-$e $e --dtype f32 --shape 131008x2049 --shape 89478x3000 --shape 65536x4096 --shape 53687x5000 --shape 43690x6144 --shape 32768x8192
done
t f32
i=0
for e in X=0 SMAX_EXP_HALF_LANE=128 SMAX_EXP_ALONE=100000 SMAX_EXP_ALONE=100000 SMAX_EXP_HALF_LANE=128 X=0; do i=$((i+1))
  R h$i-bf16-$e $e --dtype bf16 --shape 65536x4096 --shape 53687x5000 --shape 43690x6144 --shape 32768x8192
done
t end
