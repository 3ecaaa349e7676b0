#!/usr/bin/env bash
# H100 call 11 (session 2026-11-24 05:16): the review fold of the tile kernels (their prologue and
# on-chip layout in smax_tile.h: smax_tile_at_of, smax_tile_in/out/red). Same computation; the CUDA
# code changed (ptxas: the forward bf16 tile 40 -> 48 registers). Quick timings against call 9, and
# conformance of the tile variants on CUDA and on NVIDIA's OpenCL (whose compiler differs from PoCL's).
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs/conf $logs/ocl
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
B=$PWD/.dev/stage/new
for a in "--dtype bf16" "--backward --dtype bf16" "--dtype f32,bf16"; do
  LD_LIBRARY_PATH=$B timeout 60 $B/smax-bench --algo auto $a --shape 300000x100 --shape 200000x150 --shape 100000x333 \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/bench-${a//[^a-z0-9]/_}.txt 2>&1
  echo "$a: exit $?: $(grep -E '^ +auto ' $logs/bench-${a//[^a-z0-9]/_}.txt | awk '{print $NF}' | tr '\n' ' ')"
done
t "timings done"
i=0
for v in 'fwd bf16->bf16' 'fwd f16->f16' 'fwd bf16->f32' 'fwd f32->bf16' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f16' 'bwd y,dy:bf16 dx:f32' 'bwd y,dy:f32 dx:bf16'; do
  ( LD_LIBRARY_PATH=$B timeout 250 $B/smax_conformance --variant "$v" > $logs/conf/$i.txt 2>&1; echo "exit $?" >> $logs/conf/$i.txt ) &
  ( LD_LIBRARY_PATH=$PWD/.dev/stage/ocl timeout 250 .dev/stage/ocl/smax_conformance --variant "$v" > $logs/ocl/$i.txt 2>&1; echo "exit $?" >> $logs/ocl/$i.txt ) &
  i=$((i+1))
done
wait
sum() { cat "$@" | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}'; }
t "CUDA conformance, 8 tile variants: $(sum $logs/conf/*.txt)"
t "OpenCL on NVIDIA conformance, 8 tile variants: $(sum $logs/ocl/*.txt)"
grep -L "exit 0" $logs/conf/*.txt $logs/ocl/*.txt | head
grep -h -m2 -E "FAIL|error" $logs/conf/*.txt $logs/ocl/*.txt | head -10
