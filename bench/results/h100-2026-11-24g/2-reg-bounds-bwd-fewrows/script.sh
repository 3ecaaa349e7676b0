#!/usr/bin/env bash
# H100 call 2 (session 2026-11-24 22:29): main e98ce36 + .dev/x.diff (dev-only switches). (A) the f32
# forward register kernel with launch bounds of 12 and 16 groups of 128 a compute unit (rb12: 40
# registers, 16 bytes spilled; rb16: 32, 144 bytes spilled; base 54 registers, 9 groups), two alternating
# rounds, with SMAX_X_OC=1 at 1025; (B) the gradient's few rows as clusters (SMAX_X_BWDFEW=1, chunks as
# the forward picks them or SMAX_X_CHUNKS) against fused, bf16/f16/f32, two rounds, 11 reps;
# (C) CUDA conformance of the forward f32 variant under rb12 and rb16.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + .dev/x.diff; $(date -u)"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader
S=/tmp/stage; mkdir -p $S/base; tar xJf .dev/stage/x/x.txz -C $S/base
for v in rb12 rb16; do mkdir -p $S/$v; tar xJf .dev/stage/x/$v.txz -C $S/$v; done
run() { # tag lib env... -- args
  local tag=$1 lib=$2; shift 2; local e=(); while [ "$1" != "--" ]; do e+=("$1"); shift; done; shift
  env "${e[@]}" LD_LIBRARY_PATH=$S/$lib timeout 200 $S/base/smax-bench --algo auto --no-overhead --quiet "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
}
shapes() { local s=""; for c in "$@"; do s="$s --shape $((16777216 / c))x$c"; done; echo $s; }
F="128 256 333 512 700 1000 1024 1025 1100 1365 1500 2000 2048"
B5="--reps 5 --max-seconds 0.2"
echo "(A) f32 forward: $F; then 1025 with SMAX_X_OC=1"
for round in 1 2; do
  for v in base rb12 rb16; do run r$round-$v $v X=0 -- $B5 --dtype f32 $(shapes $F); done
  for v in base rb12 rb16; do run r$round-$v-oc $v SMAX_X_OC=1 -- $B5 --dtype f32 $(shapes 1025); done
  run r$round-rb12-log rb12 X=0 -- $B5 --log --dtype f32 $(shapes 1024 1500)
  run r$round-base-log base X=0 -- $B5 --log --dtype f32 $(shapes 1024 1500)
done
t "A done"
R="--shape 4x32000 --shape 8x32000 --shape 16x32000 --shape 24x32000 --shape 32x32000 --shape 32x16000 --shape 16x50257"
echo "(B) gradient: 4 8 16 24 32 x 32000, 32 x 16000, 16 x 50257"
B11="--reps 11 --max-seconds 0.5"
for round in 1 2; do
  for dt in bf16 f16 f32; do
    run r$round-bwd-$dt-fused base X=0 -- $B11 --backward --dtype $dt $R
    run r$round-bwd-$dt-cl base SMAX_X_BWDFEW=1 -- $B11 --backward --dtype $dt $R
    run r$round-bwd-$dt-c12 base SMAX_X_BWDFEW=1 SMAX_X_CHUNKS=12 -- $B11 --backward --dtype $dt $R
    run r$round-bwd-$dt-c16 base SMAX_X_BWDFEW=1 SMAX_X_CHUNKS=16 -- $B11 --backward --dtype $dt $R
  done
done
t "B done"
for v in rb12 rb16; do
  LD_LIBRARY_PATH=$S/$v timeout 200 $S/base/smax_conformance --variant 'fwd f32->f32' > $logs/conf-$v.txt 2>&1
  t "conformance fwd f32 $v: exit $? $(grep -E '^[0-9]+ passed' $logs/conf-$v.txt)"
done
( SMAX_X_BWDFEW=1 LD_LIBRARY_PATH=$S/base timeout 200 $S/base/smax_conformance --variant 'bwd y,dy:bf16 dx:bf16' > $logs/conf-bwdfew.txt 2>&1; echo "exit $?" >> $logs/conf-bwdfew.txt )
t "conformance bwd bf16 BWDFEW: $(tail -2 $logs/conf-bwdfew.txt | tr '\n' ' ')"
t end
