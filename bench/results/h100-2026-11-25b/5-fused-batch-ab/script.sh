#!/usr/bin/env bash
# H100 call 5: the gradient's fused on-chip rows with the keep batched by 2 (cand5) or not batched,
# the log-softmax flag still hoisted (cand6), against main 8d50735 (x); two rounds, rotating order.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) vs cand5 vs cand6; $(date -u)"
S=/tmp/stage; for v in x cand5 cand6; do mkdir -p $S/$v; tar xJf .dev/stage/x/$v.txz -C $S/$v; done
N=$S/cand5
run() { # tag lib args
  local tag=$1 lib=$2; shift 2
  LD_LIBRARY_PATH=$S/$lib timeout 200 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.2 "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +(auto|multiblock) ' $logs/$tag.txt | awk '{for(i=1;i<=NF;i++) if($i=="ok") {print $(i+4); break}}' | tr '\n' ' ')"
}
F="--shape 8192x2049 --shape 4096x4097 --shape 2048x8193 --shape 1024x16384 --shape 1024x20000 --shape 2048x24576 --shape 256x32000"
B="--shape 8192x2049 --shape 4096x4097 --shape 2048x8193 --shape 1024x16384 --shape 1024x40000 --shape 1024x50257 --shape 256x32000"
echo "f32: $F; bf16: $B"
for round in 1 2; do
  if [ $round = 1 ]; then order="x cand5 cand6"; else order="cand6 cand5 x"; fi
  for v in $order; do
    run r$round-$v-bwdf32 $v --algo auto --backward --dtype f32 $F
    run r$round-$v-bwdbf16 $v --algo auto --backward --dtype bf16 $B
  done
  t "round $round"
done
( export LD_LIBRARY_PATH=$N; $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.1 --algo auto --backward $F; $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.1 --algo auto --backward --dtype bf16 $B ) 2>&1 | grep -E 'auto' > $logs/plans.txt
cat $logs/plans.txt
t end
