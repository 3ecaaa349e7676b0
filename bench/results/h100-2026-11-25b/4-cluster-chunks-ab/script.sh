#!/usr/bin/env bash
# H100 call 4: cand3 (call 3: the cluster keep batched by 4) vs cand5 (cand3 with the gradient cluster's chunks sized for one batch an item, bwd_cluster_chunks) vs main 8d50735 (x).
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) vs cand3 vs cand5; $(date -u)"
S=/tmp/stage; for v in x cand3 cand5; do mkdir -p $S/$v; tar xJf .dev/stage/x/$v.txz -C $S/$v; done
N=$S/cand5
run() { # tag lib args
  local tag=$1 lib=$2; shift 2
  LD_LIBRARY_PATH=$S/$lib timeout 200 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.2 "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +(auto|multiblock) ' $logs/$tag.txt | awk '{for(i=1;i<=NF;i++) if($i=="ok") {print $(i+4); break}}' | tr '\n' ' ')"
}
F="--shape 640x50257 --shape 1024x32768 --shape 512x65536 --shape 256x128256 --shape 128x262144 --shape 32x32000 --shape 1024x32000 --shape 2048x24576"
B="--shape 512x65536 --shape 256x128256 --shape 128x262144 --shape 256x100000 --shape 32x32000 --shape 1024x40000"
echo "f32: $F; bf16: $B"
for round in 1 2; do
  if [ $round = 1 ]; then order="x cand3 cand5"; else order="cand5 cand3 x"; fi
  for v in $order; do
    run r$round-$v-bwdf32 $v --algo auto --backward --dtype f32 $F
    run r$round-$v-bwdbf16 $v --algo auto --backward --dtype bf16 $B
  done
  t "round $round"
done
( export LD_LIBRARY_PATH=$N; $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.1 --algo auto --backward $F; $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.1 --algo auto --backward --dtype bf16 $B ) 2>&1 | grep -E 'auto' > $logs/plans.txt
cat $logs/plans.txt
for v in 'bwd y,dy:f32 dx:f32' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f32' 'bwd y,dy:f32 dx:bf16'; do
  tag=conf-$(echo "$v" | tr -c 'a-z0-9' '_')
  ( LD_LIBRARY_PATH=$N timeout 200 $N/smax_conformance --variant "$v" > $logs/$tag.txt 2>&1; echo "exit $?" >> $logs/$tag.txt ) &
done
wait
for f in $logs/conf-*.txt; do t "$(basename $f .txt): $(grep -E '^[0-9]+ passed' $f | tail -1) $(tail -1 $f)"; done
t end
