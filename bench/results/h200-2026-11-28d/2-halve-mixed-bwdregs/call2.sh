#!/usr/bin/env bash
# call 2 (2026-11-28, fourteenth session, H200): build "c1" = d2c8d7c + the candidate plan rules (.dev/candidate.patch)
# + environment hooks (SMAX_EXP_OFF=1 plans as d2c8d7c). ABBA within the call, smax-bench auto, % of copy:
# (a) forward rows just past a power of two of 128-byte lanes, lanes halved once (candidate: at <= 5/8 of the lanes'
#     elements; ALONE: a row that had a group to itself keeps one), f32 and bf16, against d2c8d7c (OFF);
# (b) rows read as 16-bit and written as f32: on-chip past 2048 columns with 32-element lanes, against registers to 4096;
# (c) the 16-bit gradient in registers with groups of up to 512 items (rows to 16384 columns), against on-chip.
set -u
S=/tmp; tar xJf .dev/stage/c1.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
N=$S/stage-c1
R() { local tag=$1 e=$2; shift 2
  [ $SECONDS -gt 540 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$N timeout 40 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s; ", s, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
sh() { local c; for c in "$@"; do printf -- "--shape %dx%d " $(( (1 << 26) / c )) $c; done; }
i=0
for e in SMAX_EXP_OFF=1 X=0 SMAX_EXP_HALVE_ALONE=1 SMAX_EXP_HALVE_ALONE=1 X=0 SMAX_EXP_OFF=1; do i=$((i+1))
  R a$i-f32-$e $e --dtype f32 $(sh 513 1025 2049 2500 4097 5000)
  R a$i-bf16-$e $e --dtype bf16 $(sh 2049 2300 2500 2600 4097 4600 5000 5200)
  t a$i
done
i=0
for e in SMAX_EXP_OFF=1 X=0 SMAX_EXP_MIXED_REG_MAX=1024 SMAX_EXP_MIXED_REG_MAX=1024 X=0 SMAX_EXP_OFF=1; do i=$((i+1))
  R m$i-bf16f32-$e $e --dtype bf16,f32 $(sh 1536 2048 2049 2500 3000 4096 5000)
  R m$i-f16f32-$e $e --dtype f16,f32 $(sh 2500 4096)
  t m$i
done
i=0
for e in X=0 SMAX_EXP_REG_WIDE_GROUP=512 SMAX_EXP_REG_WIDE_GROUP=512 X=0; do i=$((i+1))
  R g$i-bf16-$e $e --backward --dtype bf16 $(sh 8192 10000 12288 16384)
  R g$i-f16-$e $e --backward --dtype f16 $(sh 16384)
  R g$i-bf16log-$e $e --backward --log --dtype bf16 $(sh 16384)
  t g$i
done
t end
