#!/usr/bin/env bash
# H100 call 11 (session 2026-11-24 22:29): main a2f6e61 (kernels of 3b8ed92). ncu (full set, SASS source
# view) of the shapes where the table stays below its target: the gradient's f32 cluster at 4096 x 128256
# (79.8% of copy), the bf16 forward cluster at 1024 x 262144 (91.1), the f32 forward one-launch
# device-memory exchange at 256 x 1048576 (77.9), and the single vector 1 x 2^24 f32 (57.5).
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit); $(date -u)"
S=/tmp/stage; for v in cand; do mkdir -p $S/$v; tar xJf .dev/stage/x/$v.txz -C $S/$v; done
N=$S/cand
prof() { # tag kernel-regex skip args...
  local tag=$1 k=$2 skip=$3; shift 3
  LD_LIBRARY_PATH=$N timeout 150 ncu --set full --import-source yes -k regex:$k --launch-skip $skip --launch-count 1 -f -o $logs/$tag \
    $N/smax-bench --reps 3 --max-seconds 0.01 --batch-ms 0 --rotate-mb 0 --no-overhead --quiet --algo auto "$@" > $logs/$tag-run.txt 2>&1
  echo "== $tag (ncu exit $?)"
  ncu -i $logs/$tag.ncu-rep --page details > $logs/$tag-details.txt 2>&1
  ncu -i $logs/$tag.ncu-rep --page source --csv --print-source sass > $logs/$tag-source.csv 2>$logs/$tag-source.err
  rm -f $logs/$tag.ncu-rep
  t "$tag: $(grep -E 'DRAM Throughput|Achieved Occupancy|Registers Per|Duration|Issue Slots Busy|Executed Instructions  |Cluster Size|Block Limit (Registers|Shared)|L2 Hit Rate  ' $logs/$tag-details.txt | tr -s ' ' | tr '\n' '|')"
  python3 .dev/ncu_source.py 16 < $logs/$tag-source.csv | cut -c1-150
}
prof bwd-f32-4096x128256 smax_ 2 --backward --dtype f32 --shape 4096x128256
prof fwd-bf16-1024x262144 smax_ 2 --dtype bf16 --shape 1024x262144
prof fwd-f32-256x1M smax_ 2 --dtype f32 --shape 256x1048576
prof fwd-f32-1x2e24 smax_ 2 --dtype f32 --shape 1x16777216
t end
