#!/usr/bin/env bash
# H100 call 2 (session 2026-11-24 19:45): base = main 75bd54a; gA = the gradient register kernel with
# its held vectors made opaque between the sum and the write (-DSMAX_EXP_OPAQUE: bf16 94 -> 72
# registers); oc2 = gA with 16-bit rows that would idle a third of the register kernel's slots
# planned on the on-chip fused kernel instead (no tile, no registers), both directions
# (-DSMAX_EXP_OC=2). Two alternating rounds, 16M elements a shape; CUDA conformance of gA's gradient.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
S=/tmp/stage; mkdir -p $S
for v in base gA oc2; do mkdir -p $S/$v; tar xJf .dev/stage/ab/$v.txz -C $S/$v; done
cp $S/gA/smax-bench $S/gA/smax_conformance $S/
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
run() { # variant tag args...
  local v=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$S/$v timeout 200 $S/smax-bench --algo auto "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
}
shapes() { local s=""; for c in "$@"; do s="$s --shape $((16777216 / c))x$c"; done; echo $s; }
W=$(shapes 513 777 1025 1100 1300 1537 1800 2048 2049 2500 3001 4096 4097 5000 6000 8000)
N=$(shapes 1025 1300 2049 4097)
echo "W: 513 777 1025 1100 1300 1537 1800 2048 2049 2500 3001 4096 4097 5000 6000 8000; N: 1025 1300 2049 4097"
for round in 1 2; do
  for v in base gA oc2; do
    run $v r$round-$v-bf16 --dtype bf16 $W
    run $v r$round-$v-bwd-bf16 --backward --dtype bf16 $W
    run $v r$round-$v-f16log --dtype f16 --log $N
    run $v r$round-$v-bwd-f16 --backward --dtype f16 $N
    run $v r$round-$v-bwd-f32 --backward --dtype f32 $N
  done
  t "round $round done"
done
for v in 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f16' 'bwd y,dy:f16 dx:f32' 'bwd y,dy:bf16 dx:f16' 'bwd y,dy:f32 dx:f32'; do
  tag=conf-$(echo "$v" | tr -c 'a-z0-9' '_')
  ( LD_LIBRARY_PATH=$S/gA timeout 250 $S/smax_conformance --variant "$v" > $logs/$tag.txt 2>&1; echo "exit $?" >> $logs/$tag.txt ) &
done
wait
for f in $logs/conf-*.txt; do echo "$(basename $f): $(tail -2 $f | tr '\n' ' ')"; done
t "conformance done"
