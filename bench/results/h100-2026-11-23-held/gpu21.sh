#!/usr/bin/env bash
# H100 at 7b36871: conformance (default tier) of the three builds beside compute-sanitizer's four tools
# on the CUDA build, then the forward peer tables (f32, bf16).
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
start=$SECONDS
rm -rf build-opencl; mv build-opencl-gpu build-opencl
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $out/device.txt
san() { # tool variants
  ( LD_LIBRARY_PATH=$PWD/build-cuda:$PWD/build-cuda/tests timeout 280 compute-sanitizer --tool $1 --error-exitcode 99 \
      build-cuda/tests/smax_conformance --variant "$2" > $out/sanitizer-$1.txt 2>&1
    echo "exit $?" >> $out/sanitizer-$1.txt ) &
}
san memcheck 'fwd f32->f32+bwd y,dy:bf16 dx:bf16'
san initcheck 'fwd f32->f32+bwd y,dy:bf16 dx:bf16'
san racecheck 'fwd bf16->bf16+bwd y,dy:f16 dx:f16'
san synccheck 'fwd bf16->bf16+bwd y,dy:f16 dx:f16'
timeout 285 bench/h100/run.sh conformance
wait
for f in $out/conformance-*.txt; do echo "$f: $(grep -E '^[0-9]+ passed' $f | tail -1); $(grep -c FAIL $f) FAIL lines"; grep -m3 FAIL $f; done
for f in $out/sanitizer-*.txt; do echo "$f: $(grep -E 'SUMMARY' $f | tail -1); $(grep -E '^[0-9]+ passed' $f | tail -1); $(tail -1 $f)"; done
echo "conformance+sanitizer: $((SECONDS-start)) s"
SMAX_PEER_MODES="f32,bf16" SMAX_PEER_ARGS="--impl smax-auto,torch,triton --reps 9 --budget 0.8 --commit 7b36871" timeout 250 bench/h100/run.sh peers
for d in $out/peers-*; do echo "== $d"; sed -n '/effective bandwidth, GB/,$p' $d/peers.txt | head -20; done
echo "total $((SECONDS-start)) s"
timeout 30 bench/h100/run.sh archive
