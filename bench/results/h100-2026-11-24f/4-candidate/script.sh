#!/usr/bin/env bash
# H100 call 4 (session 2026-11-24 19:45): gA = main 75bd54a + the gradient register kernel's held
# vectors opaque between its passes; cand = gA + the on-chip fused kernels' lanes halved where each
# would hold few vectors (the gradient of 16-bit inputs: lanes of 4 vectors rounded down; the forward:
# once, where rounding up left under 2.25 vectors a lane) + 16-bit gradient rows that would idle a third
# of the register kernel's slots planned on-chip; cand2 = cand with 16-bit forward rows of that kind
# on-chip as well (SMAX_EXP_OC=2). Two alternating rounds, 16M elements a shape; CUDA conformance of cand.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
S=/tmp/stage; mkdir -p $S
for v in gA cand cand2; do mkdir -p $S/$v; tar xJf .dev/stage/ab/$v.txz -C $S/$v; done
cp $S/cand/smax-bench $S/cand/smax_conformance $S/
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
run() { # variant tag args...
  local v=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$S/$v timeout 200 $S/smax-bench --algo auto "$@" \
    --reps 5 --max-seconds 0.2 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
}
shapes() { local s=""; for c in "$@"; do s="$s --shape $((16777216 / c))x$c"; done; echo $s; }
BB="257 300 333 513 600 682 777 1025 1100 1200 1300 1365 1537 2049 2500 2730 3001 4097 5000 5461 6000"
BH="333 1025 1300 2049 2730 4097"; BX="1025 2049"; BF="2049 2500 4097"
FB="300 513 1025 1300 2049 2500 4097 5000 6000 8193"; FF="2049 2500 3001 4097 8193"
echo "bwd bf16: $BB; bwd f16: $BH; bwd bf16 y,dy -> f32 dx: $BX; bwd f32: $BF; fwd bf16: $FB; fwd f32: $FF"
for round in 1 2; do
  for v in gA cand; do
    run $v r$round-$v-bwd-bf16 --backward --dtype bf16 $(shapes $BB)
    run $v r$round-$v-bwd-f16 --backward --dtype f16 $(shapes $BH)
    run $v r$round-$v-bwd-bf16f32 --backward --dtype f32,bf16 $(shapes $BX)
    run $v r$round-$v-bwd-f32 --backward --dtype f32 $(shapes $BF)
    run $v r$round-$v-bf16 --dtype bf16 $(shapes $FB)
    run $v r$round-$v-f32 --dtype f32 $(shapes $FF)
  done
  run cand2 r$round-cand2-bf16 --dtype bf16 $(shapes $FB)
  t "round $round done"
done
for v in 'fwd bf16->bf16' 'fwd f32->f32' 'fwd f16->f32' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f32' 'bwd y,dy:f32 dx:f32'; do
  tag=conf-$(echo "$v" | tr -c 'a-z0-9' '_')
  ( LD_LIBRARY_PATH=$S/cand timeout 200 $S/smax_conformance --variant "$v" > $logs/$tag.txt 2>&1; echo "exit $?" >> $logs/$tag.txt ) &
done
wait
for f in $logs/conf-*.txt; do echo "$(basename $f): $(tail -2 $f | tr '\n' ' ')"; done
t "conformance done"
