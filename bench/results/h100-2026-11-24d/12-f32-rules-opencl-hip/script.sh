#!/usr/bin/env bash
# H100 call 12 (session 2026-11-24 07:59): OpenCL on NVIDIA and HIP on NVIDIA conformance of main
# e6cea26 (the two tile-rule changes after f3bea00) for the six pairs with an f32 side that those
# rules move: forward f32 -> bf16, f16, bf16 -> f32, f16 -> f32; gradient f32 y, dy -> bf16, f16 dx.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit); $(date -u)"
S=$PWD/.dev/stage
mkdir -p $logs/ocl $logs/hipnv
i=0
for v in 'fwd f32->bf16' 'fwd f32->f16' 'fwd bf16->f32' 'fwd f16->f32' 'bwd y,dy:f32 dx:bf16' 'bwd y,dy:f32 dx:f16'; do
  for b in ocl hipnv; do
    ( LD_LIBRARY_PATH=$S/$b timeout 280 $S/$b/smax_conformance --variant "$v" > $logs/$b/$i.txt 2>&1; echo "exit $?" >> $logs/$b/$i.txt ) &
  done
  i=$((i+1))
done
wait
sum() { cat "$@" | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}'; }
t "OpenCL on NVIDIA: $(sum $logs/ocl/*.txt); $(grep -h '^device:' $logs/ocl/0.txt | cut -c1-60)"
t "HIP on NVIDIA: $(sum $logs/hipnv/*.txt)"
grep -L "^exit 0" $logs/ocl/*.txt $logs/hipnv/*.txt
grep -h -m2 FAIL $logs/ocl/*.txt $logs/hipnv/*.txt | head
