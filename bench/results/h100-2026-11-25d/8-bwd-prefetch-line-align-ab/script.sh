#!/usr/bin/env bash
# H100 call 8 (2026-11-25d): the gradient's off-grid chunks (one-launch/cluster kernels only) with
# the scalar head/tail fetched before the body (pf = main + pf.diff (this folder): branch
# next-bwd-scalar-prefetch without its fused-kernel part) and, on top, the body started on a
# 128-byte line of y (pf128 = + pf128.diff (this folder)), against main (x); two rounds, interleaved.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "x $(cat .dev/commit) vs pf vs pf128; $(date -u)"
S=/tmp/stage; for v in x pf pf128; do mkdir -p $S/$v; tar xJf .dev/stage/x/$v.txz -C $S/$v; done
run() { # tag lib args
  local tag=$1 lib=$2; shift 2
  LD_LIBRARY_PATH=$S/$lib timeout 50 $S/pf/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAILED") {printf "%s(%s %s %s) ", $(i+4), $(i-4), $(i-3), $i; break}}')"
}
BF="--shape 8192x50257 --shape 1335x50257 --shape 671x100000 --shape 256x262144 --shape 8192x50256"
BB="--shape 8192x50257 --shape 512x131072"
for round in 1 2; do
  if [ $round = 1 ]; then order="x pf pf128"; else order="pf128 pf x"; fi
  for v in $order; do
    [ $((SECONDS-start)) -lt 300 ] || break
    run r$round-$v-f32 $v --backward --dtype f32 $BF
    run r$round-$v-bf16 $v --backward --dtype bf16 $BB
  done
  t "round $round"
done
t end
