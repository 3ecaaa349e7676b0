#!/usr/bin/env bash
# H100 call 1 (session 2026-11-24 02:57): main c2aa346. The CUDA graph, threads and workspace tests with the
# forward clusters default; ncu source view of the cluster kernel (f32 and bf16 1024 x 262144) and the fused
# kernel at 256 x 32000; few rows of 32000: fused vs one launch (clusters, and device-memory exchange).
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit); $(date -u)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=$PWD/.dev/stage
for x in gpu_graph threads workspace; do
  LD_LIBRARY_PATH=$S/build-cuda timeout 120 $S/build-cuda/smax_test_$x > $logs/cuda-$x.txt 2>&1
  t "cuda $x: exit $? $(tail -1 $logs/cuda-$x.txt)"
done
N=$S/build-cuda
B="--reps 7 --max-seconds 0.3 --no-overhead --quiet"
for dt in f32 bf16; do
  for r in 32 64 128 256 512 1024; do
    LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench $B --dtype $dt --shape ${r}x32000 --algo fused,multiblock,auto > $logs/rows-$dt-$r.txt 2>&1
    SMAX_CLUSTERS=0 LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench $B --dtype $dt --shape ${r}x32000 --algo multiblock > $logs/rows-$dt-$r-nocl.txt 2>&1
    echo "$dt ${r}x32000: $(grep -E '^ +(fused|multiblock|auto) ' $logs/rows-$dt-$r.txt | awk '{printf "%s %s | ", $1, $NF}') mb-noclusters $(grep -E '^ +multiblock ' $logs/rows-$dt-$r-nocl.txt | awk '{print $NF}')"
  done
done
t "rows sweep done"
L=$S/build-cuda-li
prof() { # tag kernel-regex args...
  local tag=$1 k=$2; shift 2
  timeout 100 ncu --set full --import-source yes -k regex:$k --launch-skip 2 --launch-count 1 -f -o $logs/$tag \
    env LD_LIBRARY_PATH=$L $L/smax-bench --reps 3 --max-seconds 0.01 --batch-ms 0 --rotate-mb 0 --no-overhead --quiet "$@" > $logs/$tag-run.txt 2>&1
  echo "== $tag (ncu exit $?)"
  ncu -i $logs/$tag.ncu-rep --page details > $logs/$tag-details.txt 2>&1
  ncu -i $logs/$tag.ncu-rep --page source --csv --print-source sass > $logs/$tag-source.csv 2>$logs/$tag-source.err
  t "$tag: $(grep -E 'DRAM Throughput|Achieved Occupancy|Registers Per|Duration|Issue Slots Busy|Block Limit|Cluster' $logs/$tag-details.txt | tr -s ' ' | tr '\n' '|')"
  python3 .dev/ncu_source.py 25 < $logs/$tag-source.csv | cut -c1-170
  head -3 $logs/$tag-source.err
}
prof cluster-f32 smax_mb_cluster --algo auto --dtype f32 --shape 1024x262144
prof cluster-bf16 smax_mb_cluster --algo auto --dtype bf16 --shape 1024x262144
prof fused-f32-256 smax_fused --algo fused --dtype f32 --shape 256x32000
t end
