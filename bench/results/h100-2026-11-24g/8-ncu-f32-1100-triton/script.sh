#!/usr/bin/env bash
# H100 call 8 (session 2026-11-24 22:29): main 3b8ed92. ncu (full set, SASS source view) of the f32
# forward register kernel at 16000 x 1100 and 16000 x 1024, and Triton's kernel at 16000 x 1100, where
# Triton leads (102.6 against 95.7% of copy, folder 5).
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
PY=/opt/torch/.venv/bin/python3
prof() { # tag kernel-regex cmd...
  local tag=$1 k=$2; shift 2
  LD_LIBRARY_PATH=$N timeout 150 ncu --set full --import-source yes -k regex:$k --launch-skip 3 --launch-count 1 -f -o $logs/$tag "$@" > $logs/$tag-run.txt 2>&1
  echo "== $tag (ncu exit $?)"
  ncu -i $logs/$tag.ncu-rep --page details > $logs/$tag-details.txt 2>&1
  ncu -i $logs/$tag.ncu-rep --page source --csv --print-source sass > $logs/$tag-source.csv 2>$logs/$tag-source.err
  t "$tag: $(grep -E 'DRAM Throughput|Achieved Occupancy|Registers Per|Duration|Issue Slots Busy|Executed Instructions  ' $logs/$tag-details.txt | tr -s ' ' | tr '\n' '|')"
  python3 .dev/ncu_source.py 22 < $logs/$tag-source.csv | cut -c1-150
}
BN="$N/smax-bench --reps 3 --max-seconds 0.01 --batch-ms 0 --rotate-mb 0 --no-overhead --quiet --algo auto --dtype f32"
prof smax-f32-1100 smax_ $BN --shape 16000x1100
prof smax-f32-1024 smax_ $BN --shape 16000x1024
prof triton-f32-1100 softmax $PY bench/peer_bench.py --lib $N/libsmax.so.0 --support $N/libsmax_testsupport.so \
    --impl triton --dtype f32 --shape 16000x1100 --reps 3 --budget 0.05 --out $logs/tr
t end
