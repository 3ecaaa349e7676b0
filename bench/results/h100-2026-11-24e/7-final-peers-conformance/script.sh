#!/usr/bin/env bash
# H100 call 7 (session 2026-11-24 14:16): the session's final kernels (main, see the commit line).
# (1) torch and Triton beside smax auto at the odd 16-bit shapes, forward bf16 and f16, gradient bf16
# (peer_bench.py); (2) conformance, default tier, every variant: CUDA, OpenCL on NVIDIA, HIP on
# NVIDIA, one process per variant and build.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit); $(date -u)"
N=$PWD/.dev/stage/cuda
P="--shape 300000x100 --shape 200000x150 --shape 100000x333 --shape 30000x1001 --shape 2000000x13 --shape 250000x127 --shape 64000x257 --shape 16000x1025"
for d in bf16 f16; do
  timeout 150 /opt/torch/.venv/bin/python3 bench/peer_bench.py --lib $N/libsmax.so.0 --support $N/libsmax_testsupport.so \
    --impl smax-auto,torch,triton --dtype $d $P --reps 7 --budget 0.4 --out $logs/peer-$d > $logs/peer-$d.txt 2>&1
  echo "peer fwd $d: exit $?"; grep -E "^[0-9]+x[0-9]+ " $logs/peer-$d.txt | head -10
done
timeout 150 /opt/torch/.venv/bin/python3 bench/peer_bench.py --lib $N/libsmax.so.0 --support $N/libsmax_testsupport.so \
  --impl smax-auto,torch,triton --dtype bf16 --backward $P --reps 7 --budget 0.4 --out $logs/peer-bwd-bf16 > $logs/peer-bwd-bf16.txt 2>&1
echo "peer bwd bf16: exit $?"; grep -E "^[0-9]+x[0-9]+ " $logs/peer-bwd-bf16.txt | head -10
t "peers done"
mkdir -p $logs/conf $logs/ocl $logs/hipnv
mapfile -t vs < <(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n 's/^variants: //p' | grep -o "'[^']*'" | tr -d "'")
i=0
for v in "${vs[@]}"; do
  f=$(printf %02d $i)
  ( LD_LIBRARY_PATH=$N timeout 400 $N/smax_conformance --variant "$v" > $logs/conf/$f.txt 2>&1; echo "exit $?" >> $logs/conf/$f.txt ) &
  ( LD_LIBRARY_PATH=$PWD/.dev/stage/ocl timeout 400 .dev/stage/ocl/smax_conformance --variant "$v" > $logs/ocl/$f.txt 2>&1; echo "exit $?" >> $logs/ocl/$f.txt ) &
  ( LD_LIBRARY_PATH=$PWD/.dev/stage/hipnv timeout 400 .dev/stage/hipnv/smax_conformance --variant "$v" > $logs/hipnv/$f.txt 2>&1; echo "exit $?" >> $logs/hipnv/$f.txt ) &
  i=$((i+1))
done
wait
sum() { cat "$@" | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}'; }
t "CUDA conformance: $(sum $logs/conf/*.txt)"
t "OpenCL on NVIDIA conformance: $(sum $logs/ocl/*.txt); $(grep -h '^device:' $logs/ocl/00.txt | cut -c1-80)"
t "HIP on NVIDIA conformance: $(sum $logs/hipnv/*.txt)"
grep -L "exit 0" $logs/conf/*.txt $logs/ocl/*.txt $logs/hipnv/*.txt | head
grep -h -m2 FAIL $logs/conf/*.txt $logs/ocl/*.txt $logs/hipnv/*.txt | head -10
