#!/usr/bin/env bash
# H100 call 2: main = 8d50735 (x) vs cand (the gradient's keep batched by 2 everywhere) vs cand2
# (batched by 4 in the multi-block chunks, by 2 in fused on-chip rows). (A) two rounds, rotating
# order, smax-bench auto, the gradient f32 and bf16; (B) cand2: compute-sanitizer racecheck,
# synccheck and memcheck over the gradient's shapes group (f32, bf16).
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) vs cand vs cand2; $(date -u)"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader
S=/tmp/stage; for v in x cand cand2; do mkdir -p $S/$v; tar xJf .dev/stage/x/$v.txz -C $S/$v; done
N=$S/cand2
run() { # tag lib args
  local tag=$1 lib=$2; shift 2
  LD_LIBRARY_PATH=$S/$lib timeout 200 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.2 "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +(auto|multiblock) ' $logs/$tag.txt | awk '{for(i=1;i<=NF;i++) if($i=="ok") {print $(i+4); break}}' | tr '\n' ' ')"
}
BS="--shape 1024x16384 --shape 8192x2049 --shape 1024x32768 --shape 512x65536 --shape 128x262144 --shape 256x128256 --shape 640x50257 --shape 1024x32000 --shape 32x1048576"
echo "shapes: $BS"
for round in 1 2; do
  if [ $round = 1 ]; then order="x cand cand2"; else order="cand2 cand x"; fi
  for v in $order; do
    run r$round-$v-bwdf32 $v --algo auto --backward --dtype f32 $BS
    run r$round-$v-bwdbf16 $v --algo auto --backward --dtype bf16 $BS
  done
  t "round $round"
done
san() { # tool variant tag limit
  ( LD_LIBRARY_PATH=$N timeout $4 compute-sanitizer --tool $1 --error-exitcode 99 \
    $N/smax_conformance --only shapes --variant "$2" > $logs/san-$3.txt 2>&1; echo "exit $?" >> $logs/san-$3.txt ) &
}
for tool in synccheck racecheck memcheck; do
  san $tool 'bwd y,dy:bf16 dx:bf16' $tool-bwd-bf16 270
  san $tool 'bwd y,dy:f32 dx:f32' $tool-bwd-f32 270
done
wait
for f in $logs/san-*.txt; do
  t "$(basename $f .txt): $(tail -1 $f): $(grep -E 'SUMMARY' $f | tail -1) $(grep -E '^[0-9]+ passed' $f | tail -1)"
done
t end
