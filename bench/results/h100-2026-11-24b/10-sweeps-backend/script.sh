#!/usr/bin/env bash
# H100 call 10 (session 2026-11-24 02:57): the f32 forward sweep over rows of 32000 (CUDA build, main, see
# .dev/commit), then the smax-bench backend tables (every forced algorithm and auto) of HIP on NVIDIA and
# OpenCL on NVIDIA (builds of 062d05b: the later commits change only CUDA's cluster code and plan), then
# CUDA's.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit); $(date -u)"
S=$PWD/.dev/stage; N=$S/cuda
PY=/opt/torch/.venv/bin/python3; [ -x $PY ] || PY=python3
timeout 150 $PY bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so --impl smax-auto,torch,triton \
  --reps 7 --budget 0.5 --out $logs/sweep-rows-f32 --dtype f32 --shapes bench/shapes/sweep-rows.txt > $logs/sweep-rows-f32.txt 2>&1
t "sweep-rows-f32: exit $?"; sed -n '/^% of device/,/^effective/p' $logs/sweep-rows-f32.txt
rm -f $logs/*/*.json
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export SMAX_OPENCL_DEVICE=NVIDIA
for b in hip-nvidia opencl cuda; do
  [ $((SECONDS-start)) -lt 470 ] || break
  LD_LIBRARY_PATH=$S/$b timeout 110 $S/$b/smax-bench --shapes bench/shapes/backend.txt --algo all --reps 3 --max-seconds 0.15 \
    --no-overhead --quiet --csv $logs/backend-$b.csv > $logs/backend-$b.txt 2>&1
  t "backend table $b: exit $?"
  grep -E '^ +auto |^[0-9]+x' $logs/backend-$b.txt | head -30
done
t end
