#!/usr/bin/env bash
# H100 call 1 (session 2026-11-23 21:37): issue 9, the one-launch multi-block kernels as
# persistent groups holding two chunks (the next chunk's read overlaps the wait for the row of
# the one before). A/B against main (base) with SMAX_DEV_COOP_PER_CU = 6 (chunk 1/12 of a
# group's on-chip memory) and 3 (1/6); then the new build's default-tier conformance.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { # variant percu tag dtype-args...
  local v=$1 pc=$2 tag=$3; shift 3
  SMAX_DEV_COOP_PER_CU=$pc LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 60 .dev/stage/ab/$v/smax-bench --algo auto "$@" \
    --reps 5 --max-seconds 0.25 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $(NF-1)"/"$NF"%"}' | tr '\n' ' ')"
}
F="--shape 1024x65536 --shape 256x262144 --shape 64x1048576 --shape 512x128256 --shape 1024x50257 --shape 32x32000"
B="--shape 1024x65536 --shape 256x262144 --shape 512x128256"
for round in 1 2; do
  for vp in base:6 new:6 new:3 new:4; do
    v=${vp%:*}; pc=${vp#*:}
    [ $((SECONDS-start)) -lt 300 ] || break 2
    run $v $pc r$round-$v$pc-f32 --dtype f32 $F
    run $v $pc r$round-$v$pc-bf16 --dtype bf16 $B
    run $v $pc r$round-$v$pc-f32bwd --dtype f32 --backward $B
    run $v $pc r$round-$v$pc-bf16bwd --dtype bf16 --backward --shape 256x262144
  done
done
t "A/B done"
grep -h "^ *auto\|plan" $logs/r1-new6-f32.txt | head -20
N=$PWD/.dev/stage/ab/new
LD_LIBRARY_PATH=$N timeout 240 $N/smax_conformance > $logs/conf-new.txt 2>&1
t "conformance new (default tier, per-cu 6): exit $?: $(tail -n 1 $logs/conf-new.txt)"
grep -i "fail" $logs/conf-new.txt | head -5
