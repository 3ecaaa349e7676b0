#!/usr/bin/env bash
# H100 call 4 (session 2026-11-24 14:16): base = 7f618cc; w9 = the narrowest row pass 9 slots a lane
# instead of 8 (rows of 9 a lane -- 65, 129, 257, 513 columns -- had taken the pass of 10). Two
# alternating rounds at the widths it moves and a few it must not; then a sweep of w9 over columns at
# 16M elements a shape (bf16 forward and gradient, f16 log-softmax, f32 forward for reference), and
# CUDA conformance of w9's 16-bit variants.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
run() { # variant tag args...
  local v=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 200 .dev/stage/ab/$v/smax-bench --algo auto "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
}
S="--shape 250000x65 --shape 125000x129 --shape 64000x257 --shape 32000x513 --shape 250000x127 --shape 100000x333 --shape 300000x100 --shape 2000000x13"
for round in 1 2; do
  for v in base w9; do
    run $v r$round-$v-bf16 --dtype bf16 $S
    run $v r$round-$v-bwd-bf16 --backward --dtype bf16 $S
  done
done
t "A/B done"
SW=""
for c in 9 13 17 23 31 33 47 63 65 77 97 100 127 129 150 191 193 197 250 255 257 300 333 383 385 450 511 513 577 700 777 900 1001 1025 1500 2047 2049 3001 4097; do
  SW="$SW --shape $((16777216 / c))x$c"
done
run w9 sweep-bf16 --dtype bf16 $SW
run w9 sweep-bwd-bf16 --backward --dtype bf16 $SW
run w9 sweep-f16log --dtype f16 --log $SW
run w9 sweep-f32 --dtype f32 $SW
t "sweep done"
N=$PWD/.dev/stage/ab/w9
for v in 'fwd bf16->bf16' 'fwd f16->f16' 'fwd f32->bf16' 'fwd bf16->f32' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f16'; do
  tag=conf-$(echo "$v" | tr -c 'a-z0-9' '_')
  LD_LIBRARY_PATH=$N timeout 200 $N/smax_conformance --variant "$v" > $logs/$tag.txt 2>&1
  echo "$v: exit $?: $(tail -1 $logs/$tag.txt)"
done
t "conformance done"
