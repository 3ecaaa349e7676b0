#!/usr/bin/env bash
# H100 call B: a waiting group idles between its polls of the exchange's flags (SMAX_SPIN_PAUSE,
# 32 ns doubling to 256: cand; to 1024: cand2) against 81a0904 (x), at the shapes whose rows
# exchange partials through device memory (one launch: 256 x 1M, 32 x 1M, single vectors re-read
# from L2) and at cluster and fused shapes as controls; cand also plans the gradient's clusters.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "x $(cat .dev/commit) vs cand vs cand2; $(date -u)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=/tmp/stage; for v in x cand cand2; do mkdir -p $S/$v; tar xJf .dev/stage/x/$v.txz -C $S/$v; done
run() { # tag lib args
  local tag=$1 lib=$2; shift 2
  LD_LIBRARY_PATH=$S/$lib timeout 200 $S/cand/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.2 --algo auto "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{for(i=1;i<=NF;i++) if($i=="ok") {print $(i+4); break}}' | tr '\n' ' ')"
}
FF="--shape 256x1048576 --shape 32x1048576 --shape 1x16777216 --shape 1x67108864 --shape 1024x262144 --shape 4096x128256 --shape 8192x50257"
FB="--shape 256x1048576 --shape 32x1048576 --shape 1x16777216 --shape 1024x262144 --shape 8192x50257 --shape 1024x20000 --shape 32x16384"
echo "fwd: $FF"; echo "bwd: $FB"
for round in 1 2; do
  if [ $round = 1 ]; then order="x cand cand2"; else order="cand2 cand x"; fi
  for v in $order; do
    run r$round-$v-f32 $v --dtype f32 $FF
    run r$round-$v-bf16 $v --dtype bf16 $FF
    run r$round-$v-bwdf32 $v --backward --dtype f32 $FB
    run r$round-$v-bwdbf16 $v --backward --dtype bf16 $FB
  done
  t "round $round"
done
for v in x cand; do
  LD_LIBRARY_PATH=$S/$v $S/cand/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --algo auto --backward --dtype f32 $FB 2>&1 | grep -E '^ +auto' > $logs/plans-$v-bwdf32.txt
  LD_LIBRARY_PATH=$S/$v $S/cand/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --algo auto --backward --dtype bf16 $FB 2>&1 | grep -E '^ +auto' > $logs/plans-$v-bwdbf16.txt
done
cat $logs/plans-*.txt
SEC="--section SpeedOfLight --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis --section SchedulerStats"
for v in x cand; do
  [ $((SECONDS-start)) -lt 540 ] || break
  timeout 60 ncu $SEC -k regex:smax_ --launch-skip 2 --launch-count 1 env LD_LIBRARY_PATH=$S/$v \
    $S/cand/smax-bench --reps 3 --max-seconds 0.05 --no-overhead --algo auto --dtype f32 --shape 256x1048576 > $logs/ncu-$v-fwd-256x1M.txt 2>&1
  t "ncu $v: $(grep -E 'DRAM Throughput|L2 Hit Rate|Issued Warp|Duration' $logs/ncu-$v-fwd-256x1M.txt | tr -s ' ' | tr '\n' '|')"
done
t end
