#!/usr/bin/env bash
# H100 call 6 (session 2026-11-24 19:45): main (see the commit line), as call 5, whose conformance
# ran past its limit beside the sanitizers: conformance, default tier, every variant: CUDA, OpenCL on
# NVIDIA, HIP on NVIDIA, one process per variant and build, nothing beside it.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit); $(date -u)"
S=$PWD/.dev/stage
N=$S/cuda
mkdir -p $logs/conf $logs/ocl $logs/hipnv
mapfile -t vs < <(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n 's/^variants: //p' | grep -o "'[^']*'" | tr -d "'")
i=0
for v in "${vs[@]}"; do
  f=$(printf %02d $i)
  ( LD_LIBRARY_PATH=$N timeout 480 $N/smax_conformance --variant "$v" > $logs/conf/$f.txt 2>&1; echo "exit $?" >> $logs/conf/$f.txt ) &
  ( LD_LIBRARY_PATH=$S/ocl timeout 480 $S/ocl/smax_conformance --variant "$v" > $logs/ocl/$f.txt 2>&1; echo "exit $?" >> $logs/ocl/$f.txt ) &
  ( LD_LIBRARY_PATH=$S/hipnv timeout 480 $S/hipnv/smax_conformance --variant "$v" > $logs/hipnv/$f.txt 2>&1; echo "exit $?" >> $logs/hipnv/$f.txt ) &
  i=$((i+1))
done
wait
sum() { cat "$@" | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}'; }
t "CUDA conformance: $(sum $logs/conf/*.txt)"
t "OpenCL on NVIDIA conformance: $(sum $logs/ocl/*.txt); $(grep -h '^device:' $logs/ocl/00.txt | cut -c1-80)"
t "HIP on NVIDIA conformance: $(sum $logs/hipnv/*.txt)"
grep -L "exit 0" $logs/conf/*.txt $logs/ocl/*.txt $logs/hipnv/*.txt | head
grep -h -m2 FAIL $logs/conf/*.txt $logs/ocl/*.txt $logs/hipnv/*.txt | head -10
t end
