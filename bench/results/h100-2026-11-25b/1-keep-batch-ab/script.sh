#!/usr/bin/env bash
# H100 call 1 (session 2026-11-25 04:19): main = 8d50735 (x) vs cand = the gradient's on-chip keep
# loop batched (two (y, dy) vector pairs fetched before either is kept, the log-softmax flag hoisted
# out of the loop). (A) two alternating rounds, smax-bench auto, the gradient f32 and bf16;
# (B) 32 x 32000 with the one-launch multi-block's chunks forced (dev switch SMAX_DEV_CHUNKS, cand only);
# (C) conformance of cand, CUDA, default tier, the gradient's variants, one process each.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) vs cand; $(date -u)"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader
S=/tmp/stage; for v in x cand; do mkdir -p $S/$v; tar xJf .dev/stage/x/$v.txz -C $S/$v; done
N=$S/cand
run() { # tag lib args
  local tag=$1 lib=$2; shift 2
  LD_LIBRARY_PATH=$S/$lib timeout 200 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.2 "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +(auto|multiblock) ' $logs/$tag.txt | awk '{for(i=1;i<=NF;i++) if($i=="ok") {print $(i+4); break}}' | tr '\n' ' ')"
}
BS="--shape 1024x16384 --shape 8192x2049 --shape 4096x4097 --shape 1024x32768 --shape 512x65536 --shape 128x262144 --shape 256x128256 --shape 640x50257 --shape 1024x32000 --shape 32x32000"
echo "shapes: $BS"
for round in 1 2; do
  for v in x cand; do
    run r$round-$v-bwdf32 $v --algo auto --backward --dtype f32 $BS
    run r$round-$v-bwdbf16 $v --algo auto --backward --dtype bf16 $BS
  done
  t "round $round"
done
for c in def 2 3 4 5 6 8 10 12 16; do
  for m in "f32" "bf16" "f32 --backward" "bf16 --backward"; do
    tag="ch$c-$(echo $m | tr -d ' -')"
    if [ $c = def ]; then
      run $tag cand --algo auto,multiblock --shape 32x32000 --dtype $m
    else
      SMAX_DEV_CHUNKS=$c run $tag cand --algo multiblock --shape 32x32000 --dtype $m
    fi
  done
done
t "chunks"
for v in 'bwd y,dy:f32 dx:f32' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f32' 'bwd y,dy:f32 dx:bf16' 'bwd y,dy:bf16 dx:f32' 'bwd y,dy:f16 dx:f16'; do
  tag=conf-$(echo "$v" | tr -c 'a-z0-9' '_')
  ( LD_LIBRARY_PATH=$N timeout 250 $N/smax_conformance --variant "$v" > $logs/$tag.txt 2>&1; echo "exit $?" >> $logs/$tag.txt ) &
done
wait
for f in $logs/conf-*.txt; do t "$(basename $f .txt): $(grep -E '^[0-9]+ passed' $f | tail -1) $(tail -1 $f)"; done
t end
