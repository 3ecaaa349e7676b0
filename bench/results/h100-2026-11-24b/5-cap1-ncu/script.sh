#!/usr/bin/env bash
# H100 call 5 (session 2026-11-24 02:57): main 8b8aca2 (head; li = the same built with -lineinfo);
# cap1 = head with SMAX_CLUSTER_GROUPS_PER_CU 1 (clusters down to one group a unit). ncu source view of
# the gradient's cluster kernel, the bf16 forward cluster kernel and the device-memory exchange.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit); $(date -u)"
S=$PWD/.dev/stage
N=$S/head
PY=/opt/torch/.venv/bin/python3; [ -x $PY ] || PY=python3
pb() { # tag lib impls dtype extra shapes...
  local tag=$1 lib=$2 impl=$3 dt=$4 extra=$5; shift 5
  local sh=""; for s in "$@"; do sh="$sh --shape $s"; done
  timeout 240 $PY bench/peer_bench.py --lib $S/$lib/libsmax.so --support $N/libsmax_testsupport.so --impl $impl \
    --dtype $dt $extra $sh --reps 7 --budget 0.4 --out $logs/pb-$tag > $logs/pb-$tag.txt 2>&1
  echo "== $tag (exit $?)"; sed -n '/^% of device/,/^effective/p' $logs/pb-$tag.txt | grep -E '^(shape|[0-9]+x)' | cut -c1-50
}
pb fwd-small head smax-fused,smax-auto bf16 "" 32x32000 20x32000 40x32000
pb fwd-small-f32 head smax-fused,smax-auto f32 "" 32x32000 20x32000 40x32000
for lib in head cap1; do
  pb fwd-bf16-$lib $lib smax-auto bf16 "" 256x1048576 512x524288
  pb bwd-f32-$lib $lib smax-auto f32 --backward 1024x262144 2048x131072
  pb bwd-bf16-$lib $lib smax-auto bf16 --backward 256x1048576 1024x262144
done
t "cap1 done"
L=$S/li
prof() { # tag kernel-regex args...
  local tag=$1 k=$2; shift 2
  timeout 100 ncu --set full --import-source yes -k regex:$k --launch-skip 2 --launch-count 1 -f -o $logs/$tag \
    env LD_LIBRARY_PATH=$L $L/smax-bench --reps 3 --max-seconds 0.01 --batch-ms 0 --rotate-mb 0 --no-overhead --quiet "$@" > $logs/$tag-run.txt 2>&1
  echo "== $tag (ncu exit $?)"
  ncu -i $logs/$tag.ncu-rep --page details > $logs/$tag-details.txt 2>&1
  ncu -i $logs/$tag.ncu-rep --page source --csv --print-source sass > $logs/$tag-source.csv 2>$logs/$tag-source.err
  t "$tag: $(grep -E 'DRAM Throughput|Achieved Occupancy|Registers Per|Duration|Issue Slots Busy|Block Limit|Cluster Size|Executed Instructions  ' $logs/$tag-details.txt | tr -s ' ' | tr '\n' '|')"
  python3 .dev/ncu_source.py 16 < $logs/$tag-source.csv | cut -c1-150
}
prof bwd-cluster-f32 smax_bwd_mb_cluster --algo auto --dtype f32 --backward --shape 1024x128256
prof fwd-cluster-bf16 smax_mb_cluster --algo auto --dtype bf16 --shape 512x262144
prof coop-bf16 smax_mb_onchip --algo auto --dtype bf16 --shape 64x1048576
t end
