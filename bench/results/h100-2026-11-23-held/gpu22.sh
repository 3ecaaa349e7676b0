#!/usr/bin/env bash
# H100 at the commit carried: conformance (default tier) of the three builds beside racecheck and
# initcheck (the two that did not finish beside them last call), then the f32 sweeps.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
start=$SECONDS
rm -rf build-opencl; mv build-opencl-gpu build-opencl
san() { # tool variants [more args]
  local t=$1 v=$2; shift 2
  ( LD_LIBRARY_PATH=$PWD/build-cuda:$PWD/build-cuda/tests timeout 330 compute-sanitizer --tool $t --error-exitcode 99 \
      build-cuda/tests/smax_conformance --variant "$v" "$@" > $out/sanitizer-$t.txt 2>&1
    echo "exit $?" >> $out/sanitizer-$t.txt ) &
}
san racecheck 'bwd y,dy:f16 dx:f16'
san initcheck 'bwd y,dy:bf16 dx:bf16'
timeout 330 bench/h100/run.sh conformance
wait
for f in $out/conformance-*.txt; do echo "$f: $(grep -E '^[0-9]+ passed' $f | tail -1); $(grep -c FAIL $f) FAIL lines; $(grep -E '^\[' $f | tail -1)"; grep -m3 FAIL $f; done
for f in $out/sanitizer-*.txt; do echo "$f: $(grep -E 'SUMMARY' $f | tail -1); $(grep -E '^[0-9]+ passed' $f | tail -1); $(tail -1 $f); $(grep -E '^\[' $f | tail -1)"; done
echo "conformance+sanitizer: $((SECONDS-start)) s"
SMAX_SWEEP_MODES=f32 SMAX_PEER_ARGS="--impl smax-auto,torch,triton --reps 7 --budget 0.5" timeout 170 bench/h100/run.sh sweeps
for d in $out/sweep-*; do echo "== $d"; sed -n '/effective bandwidth, GB/,$p' $d/peers.txt | head -45; done
echo "total $((SECONDS-start)) s"
timeout 30 bench/h100/run.sh archive
