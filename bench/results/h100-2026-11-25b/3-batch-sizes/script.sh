#!/usr/bin/env bash
# H100 call 3: the gradient's cluster keep batched by 2 (cand), 4 (cand3; the portable one-launch
# kernel back to 2) and 3 (cand4), against main 8d50735 (x): where batch 4 lost in call 2 (f32 640 x
# 50257, 6 groups a compute unit by on-chip memory, 4 by registers at 56) and where it won.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) vs cand vs cand3 vs cand4; $(date -u)"
S=/tmp/stage; for v in x cand cand3 cand4; do mkdir -p $S/$v; tar xJf .dev/stage/x/$v.txz -C $S/$v; done
N=$S/cand3
run() { # tag lib args
  local tag=$1 lib=$2; shift 2
  LD_LIBRARY_PATH=$S/$lib timeout 200 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.2 "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +(auto|multiblock) ' $logs/$tag.txt | awk '{for(i=1;i<=NF;i++) if($i=="ok") {print $(i+4); break}}' | tr '\n' ' ')"
}
F="--shape 640x50257 --shape 640x50256 --shape 1024x32768 --shape 512x65536 --shape 256x128256 --shape 128x262144 --shape 32x1048576 --shape 4096x8193"
B="--shape 640x50257 --shape 512x65536 --shape 256x128256 --shape 128x262144"
echo "f32: $F; bf16: $B"
for round in 1 2; do
  if [ $round = 1 ]; then order="x cand cand3 cand4"; else order="cand4 cand3 cand x"; fi
  for v in $order; do
    run r$round-$v-bwdf32 $v --algo auto --backward --dtype f32 $F
    run r$round-$v-bwdbf16 $v --algo auto --backward --dtype bf16 $B
  done
  t "round $round"
done
LD_LIBRARY_PATH=$N $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.1 --algo auto --backward $F 2>&1 | grep -E 'auto' > $logs/plans.txt
cat $logs/plans.txt
t end
