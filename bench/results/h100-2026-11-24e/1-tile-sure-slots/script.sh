#!/usr/bin/env bash
# H100 call 1 (session 2026-11-24 14:16): base = 45e66d0; sure = the row passes test only the
# slots that can fall past the row (SMAX_TILE_IN_ROW). Two alternating rounds of smax-bench auto,
# then CUDA conformance of the tile's variants for `sure`.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
run() { # variant tag args...
  local v=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 60 .dev/stage/ab/$v/smax-bench --algo auto "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
}
S="--shape 300000x100 --shape 200000x150 --shape 150000x196 --shape 120000x250 --shape 100000x333 --shape 60000x500 --shape 30000x1001 --shape 2000000x13 --shape 250000x127 --shape 40000x777"
B="--shape 300000x100 --shape 200000x150 --shape 150000x196 --shape 100000x333 --shape 2000000x13"
for round in 1 2; do
  for v in base sure; do
    run $v r$round-$v-bf16 --dtype bf16 $S
    run $v r$round-$v-f16log --dtype f16 --log $S
  done
done
t "forward done"
for v in base sure; do
  run $v $v-bwd-bf16 --backward --dtype bf16 $B
  run $v $v-bwd-f16-f32 --backward --dtype f16,f32 $B
done
t "gradient done"
C=.dev/stage/ab/sure/smax_conformance
for v in 'fwd bf16->bf16' 'fwd f16->f16' 'fwd bf16->f32' 'fwd f32->bf16' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f32' 'bwd y,dy:f32 dx:bf16'; do
  tag=conf-$(echo "$v" | tr -c 'a-z0-9' '_')
  LD_LIBRARY_PATH=$PWD/.dev/stage/ab/sure timeout 200 $C --variant "$v" > $logs/$tag.txt 2>&1
  echo "$v: exit $?: $(tail -1 $logs/$tag.txt)"
done
t "conformance done"
