#!/usr/bin/env bash
# H100 at the commit carried (exchange stores without exchange): conformance (default tier) of the
# three builds beside initcheck, memcheck and racecheck on the CUDA build (bwd bf16), then the peer
# tables of f16 forward and bf16 backward.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
start=$SECONDS
rm -rf build-opencl; mv build-opencl-gpu build-opencl
san() { # tool variants
  ( LD_LIBRARY_PATH=$PWD/build-cuda:$PWD/build-cuda/tests timeout 320 compute-sanitizer --tool $1 --error-exitcode 99 \
      build-cuda/tests/smax_conformance --variant "$2" > $out/sanitizer-$1.txt 2>&1
    echo "exit $?" >> $out/sanitizer-$1.txt ) &
}
san initcheck 'bwd y,dy:bf16 dx:bf16'
san memcheck 'bwd y,dy:bf16 dx:bf16'
san synccheck 'bwd y,dy:f32 dx:f32'
timeout 320 bench/h100/run.sh conformance
wait
for f in $out/conformance-*.txt; do echo "$f: $(grep -E '^[0-9]+ passed' $f | tail -1); $(grep -c FAIL $f) FAIL lines; $(grep -E '^\[' $f | tail -1)"; grep -m3 FAIL $f; done
for f in $out/sanitizer-*.txt; do echo "$f: $(grep -E 'SUMMARY' $f | tail -1); $(grep -E '^[0-9]+ passed' $f | tail -1); $(tail -1 $f); $(grep -E '^\[' $f | tail -1)"; done
echo "conformance+sanitizer: $((SECONDS-start)) s"
SMAX_PEER_MODES="f16,bf16 --backward" SMAX_PEER_ARGS="--impl smax-auto,torch,triton --reps 9 --budget 0.8 --commit $(cat .dev/commit)" timeout 230 bench/h100/run.sh peers
for d in $out/peers-*; do echo "== $d"; sed -n '/effective bandwidth, GB/,$p' $d/peers.txt | head -20; done
echo "total $((SECONDS-start)) s"
timeout 30 bench/h100/run.sh archive
