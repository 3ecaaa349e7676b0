#!/usr/bin/env bash
# H100 call 7 (2026-11-25d): f32 rows kept on-chip stored as float4s (cand: main ea27ea5 + cand.diff (this folder),
# kernels/smax_onchip.h indexes the row as float4s; nvcc had split each 16-byte on-chip store of a
# 4-element f32 vector in three) against main (x), interleaved, two rounds: the gradient (fused and
# clusters) and the forward (fused on-chip, clusters, the device-memory exchange).
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "x $(cat .dev/commit) vs cand; $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=/tmp/stage; for v in x cand; do mkdir -p $S/$v; tar xJf .dev/stage/x/$v.txz -C $S/$v; done
run() { # tag lib args
  local tag=$1 lib=$2; shift 2
  LD_LIBRARY_PATH=$S/$lib timeout 60 $S/$lib/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{for(i=1;i<=NF;i++) if($i=="ok") {printf "%s(%s %s) ", $(i+4), $(i-4), $(i-3); break}}')"
}
B="--shape 8192x50257 --shape 256x262144 --shape 1024x32768 --shape 671x100000 --shape 16384x8193 --shape 4096x4097"
F="--shape 16384x16384 --shape 4096x65536 --shape 1024x262144 --shape 256x1048576 --shape 8192x50257"
echo "bwd: $B"; echo "fwd: $F"
for round in 1 2; do
  if [ $round = 1 ]; then order="x cand"; else order="cand x"; fi
  for v in $order; do
    [ $((SECONDS-start)) -lt 420 ] || break
    run r$round-$v-bwd $v --backward --dtype f32 $B
    run r$round-$v-fwd $v --dtype f32 $F
  done
  t "round $round"
done
run log-cand cand --backward --log --dtype f32 --shape 8192x50257 --shape 2048x8193
run log-x x --backward --log --dtype f32 --shape 8192x50257 --shape 2048x8193
t end
