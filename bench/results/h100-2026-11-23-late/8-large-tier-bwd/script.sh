#!/usr/bin/env bash
# H100 call 8 (session 2026-11-23 21:37): the large tier (group "large") of the conformance suite
# for the CUDA and HIP-on-NVIDIA builds of c1432f2 (same binaries as call 7),
# 10 processes at a time.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
mkdir -p /etc/OpenCL/vendors
echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export SMAX_OPENCL_DEVICE=NVIDIA
S=$PWD/.dev/stage
throttle() { while [ "$(jobs -rp | wc -l)" -ge 10 ]; do sleep 1; done; }
mapfile -t vs < <(LD_LIBRARY_PATH=$S/cuda $S/cuda/smax_conformance --help 2>&1 | sed -n 's/^variants: //p' | grep -o "'[^']*'" | tr -d "'")
for b in cuda hip; do
  mkdir -p $logs/large-$b
  i=0
  for v in "${vs[@]}"; do
    throttle
    f=$(printf %02d $i); i=$((i+1))
    ( LD_LIBRARY_PATH=$S/$b timeout 400 $S/$b/smax_conformance --only large --variant "$v" > $logs/large-$b/$f.txt 2>&1; echo "exit $?" >> $logs/large-$b/$f.txt ) &
  done
done
wait
sum() { cat "$@" | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}'; }
for b in cuda hip; do
  t "large tier, group large, $b: $(sum $logs/large-$b/*.txt); not exit 0: $(grep -L 'exit 0' $logs/large-$b/*.txt | wc -l)"
  grep -h "x skipped" $logs/large-$b/*.txt | sort | uniq -c
done
