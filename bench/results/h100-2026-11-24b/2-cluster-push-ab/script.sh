#!/usr/bin/env bash
# H100 call 2 (session 2026-11-24 02:57): the cluster exchange by st.async + mbarrier (working tree over
# c2aa346) against c2aa346; ri512 = the same with SMAX_RESIDENT_ITEMS 512 (fewer items a chunk's group).
# Conformance of the new build (forward default; gradient variants with SMAX_CLUSTERS=1), then peer_bench
# smax-auto A/B at the one-launch shapes, forward two rounds, gradient one.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "base c2aa346, new = working tree; $(date -u)"
S=$PWD/.dev/stage
N=$S/new
conf() { # tag env-assignment variants...
  local tag=$1 envs=$2; shift 2
  local i=0
  for v in "$@"; do
    env $envs LD_LIBRARY_PATH=$N timeout 150 $N/smax_conformance --variant "$v" > $logs/conf-$tag-$i.txt 2>&1 &
    i=$((i+1))
  done
  wait
  t "conformance $tag: $(cat $logs/conf-$tag-*.txt | grep -E '^[0-9]+ passed' | awk '{p+=$1; f+=$3; s+=$5} END {print p" passed, "f" failed, "s" skipped"}') ($(ls $logs/conf-$tag-*.txt | wc -l) logs)"
  grep -l -E "FAIL|failed: [1-9]" $logs/conf-$tag-*.txt | head -3
}
conf fwd "SMAX_CLUSTERS=" 'fwd f32->f32' 'fwd f16->f16' 'fwd bf16->bf16' 'fwd f16->f32' 'fwd f32->f16' 'fwd bf16->f32' 'fwd f32->bf16' 'fwd f16->bf16' 'fwd bf16->f16'
conf bwdcl "SMAX_CLUSTERS=1" 'bwd y,dy:f32 dx:f32' 'bwd y,dy:f16 dx:f16' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f32' 'bwd y,dy:f32 dx:f16' 'bwd y,dy:bf16 dx:f32' 'bwd y,dy:f32 dx:bf16' 'bwd y,dy:f16 dx:bf16' 'bwd y,dy:bf16 dx:f16'
PY=/opt/torch/.venv/bin/python3; [ -x $PY ] || PY=python3
pb() { # tag lib env dtype extra-args shapes...
  local tag=$1 lib=$2 envs=$3 dt=$4 extra=$5; shift 5
  local sh=""; for s in "$@"; do sh="$sh --shape $s"; done
  env $envs timeout 200 $PY bench/peer_bench.py --lib $S/$lib/libsmax.so --support $N/libsmax_testsupport.so --impl smax-auto \
    --dtype $dt $extra $sh --reps 7 --budget 0.4 --out $logs/pb-$tag > $logs/pb-$tag.txt 2>&1
  echo "$tag: $(grep -E '^[0-9]+x[0-9]+ ' $logs/pb-$tag.txt | head -${#@} | awk '{printf "%s %s | ", $1, $3}')"
}
F="4096x65536 1024x262144 4096x128256 8192x32768 8192x50257 512x65536"
for round in 1 2; do
  for lib in base new ri512; do
    for dt in f32 bf16; do pb fwd-$dt-$lib-$round $lib "X=1" $dt "" $F; done
  done
  t "forward round $round"
done
Bs="4096x65536 1024x262144 8192x32768"
for dt in f32 bf16; do
  pb bwd-$dt-base base "X=1" $dt --backward $Bs
  pb bwd-$dt-new new "X=1" $dt --backward $Bs
  pb bwd-$dt-newCL new "SMAX_CLUSTERS=1" $dt --backward $Bs
  pb bwd-$dt-baseCL base "SMAX_CLUSTERS=1" $dt --backward $Bs
done
t end
