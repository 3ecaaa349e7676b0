#!/usr/bin/env bash
# H100 call 11 (session 2026-11-24 14:16): main 570936b (the idle-third rule; kernels as ea3c6ec).
# compute-sanitizer racecheck and memcheck over the shapes group of forward and gradient bf16 (CUDA),
# beside OpenCL on NVIDIA and HIP on NVIDIA conformance of the four 16-bit variants the rule moves.
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
san() { # tool variant tag
  ( LD_LIBRARY_PATH=$N timeout 400 compute-sanitizer --tool $1 --error-exitcode 99 \
    $N/smax_conformance --only shapes --variant "$2" > $logs/san-$3.txt 2>&1; echo "exit $?" >> $logs/san-$3.txt ) &
}
for tool in racecheck memcheck; do san $tool 'fwd bf16->bf16' $tool-fwd; san $tool 'bwd y,dy:bf16 dx:bf16' $tool-bwd; done
for b in ocl hipnv; do
  for v in 'fwd bf16->bf16' 'fwd f16->f16' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:bf16'; do
    tag=$b-$(echo "$v" | tr -c 'a-z0-9' '_')
    ( LD_LIBRARY_PATH=$S/$b timeout 300 $S/$b/smax_conformance --variant "$v" > $logs/$tag.txt 2>&1; echo "exit $?" >> $logs/$tag.txt ) &
  done
done
wait
for f in $logs/ocl-*.txt $logs/hipnv-*.txt; do echo "$(basename $f .txt): $(tail -2 $f | tr '\n' ' ')"; done
for f in $logs/san-*.txt; do
  t "$(basename $f .txt): $(tail -1 $f): $(grep -E 'SUMMARY' $f | tail -1) $(grep -E '^[0-9]+ passed' $f | tail -1)"
done
t end
