#!/usr/bin/env bash
# call 3 (2026-11-28, eleventh session, H200): ABBA of a compute unit's share of one-launch chunks,
# SMAX_COOP_GROUPS_PER_CU 6 (main) against 4 and 5 (knob build, main's kernels).
set -u
S=/tmp; tar xJf .dev/stage/knob.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u) $(uname -r)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
N=$S/stage-knob
R() { local tag=$1; shift
  LD_LIBRARY_PATH=$N timeout 90 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s:%s_%s_%s %s; ", s, $3, $4, $5, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
i=0
for g in 6 4 5 5 4 6; do i=$((i+1)); export SMAX_DEV_COOP_GROUPS=$g
  R a$i-f32-g$g --dtype f32 --shape 4096x65536 --shape 8192x32768 --shape 1024x65536 --shape 1024x262144 --shape 512x128256 --shape 4096x128256 --shape 256x1048576
  R a$i-h-g$g --dtype bf16,f16 --shape 4096x65536 --shape 1024x262144 --shape 2048x128256 --shape 4096x128256
  R a$i-b-g$g --backward --dtype f32,bf16 --shape 8192x32768 --shape 4096x65536 --shape 1024x262144
  t a$i
done
t end
