#!/usr/bin/env bash
# H100 at the commit carried: initcheck and racecheck over the one-launch kernels (special group,
# bwd bf16 and f32), beside the f32 backward and f16 forward peers at the long-row shapes.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
start=$SECONDS
san() { # tool variants
  ( LD_LIBRARY_PATH=$PWD/build-cuda:$PWD/build-cuda/tests timeout 200 compute-sanitizer --tool $1 --error-exitcode 99 \
      build-cuda/tests/smax_conformance --only special --variant "$2" > $out/sanitizer-$1.txt 2>&1
    echo "exit $?" >> $out/sanitizer-$1.txt ) &
}
san initcheck 'bwd y,dy:bf16 dx:bf16+bwd y,dy:f32 dx:f32+fwd f32->f32'
wait
for f in $out/sanitizer-*.txt; do echo "$f: $(grep -E 'SUMMARY' $f | tail -1); $(grep -E '^[0-9]+ passed' $f | tail -1); $(tail -1 $f)"; done
echo "sanitizer: $((SECONDS-start)) s"
for m in "f32 --backward" "f16"; do
  d=$out/peers-${m// /}; mkdir -p $d
  timeout 100 python3 bench/peer_bench.py --lib build-cuda/libsmax.so --dtype $m --out $d --impl smax-auto,triton --reps 9 --budget 0.8 --commit $(cat .dev/commit) \
    --shape 8192x32768 --shape 4096x65536 --shape 1024x262144 --shape 256x1048576 --shape 4096x128256 --shape 8192x50257 > $d/peers.txt 2>&1
  sed -n '/effective bandwidth, GB/,$p' $d/peers.txt | head -12
done
echo "total $((SECONDS-start)) s"
cd $out && tar czf logs.tgz sanitizer-*.txt peers-*
