#!/usr/bin/env bash
# H100 call 9 (session 2026-11-24 00:20), the final kernels and plan: conformance (default tier) of the
# CUDA and HIP-on-NVIDIA builds, CUDA large tier, then the forward peer tables (f32, bf16).
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "$(cat .dev/commit); $(date -u)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
sum() { cat "$@" | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}'; }
conf() { # tag stage args...
  local tag=$1 N=$PWD/.dev/stage/ab/$2; shift 2
  mkdir -p $logs/$tag
  mapfile -t vs < <(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n 's/^variants: //p' | grep -o "'[^']*'" | tr -d "'")
  local i=0
  for v in "${vs[@]}"; do
    f=$(printf %02d $i)
    ( LD_LIBRARY_PATH=$N timeout 200 $N/smax_conformance --variant "$v" "$@" > $logs/$tag/$f.txt 2>&1; echo "exit $?" >> $logs/$tag/$f.txt ) &
    i=$((i+1))
  done
  wait
  t "conformance $tag: $(sum $logs/$tag/*.txt)"
  grep -L "exit 0" $logs/$tag/*.txt | head -3
  grep -h -B2 -A6 -m2 FAIL $logs/$tag/*.txt | head -20
}
conf cuda new
conf hip hip
conf cuda-large new --only large --large
N=$PWD/.dev/stage/ab/new
for m in f32 bf16; do
  [ $((SECONDS-start)) -lt 400 ] || break
  d=$logs/peers-$m; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout 170 python3 bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --dtype $m --out $d --impl smax-auto,torch,triton --reps 9 --budget 0.8 --commit $(cat .dev/commit) > $d/peers.txt 2>&1
  t "peers $m: exit $?"
  sed -n '/% of device-to-device copy/,/effective bandwidth/p' $d/peers.txt | head -18
done
t end
