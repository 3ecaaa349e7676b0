#!/usr/bin/env bash
# PENDING (branch pending-h100-fwd16): not yet run; no GPU was lent in the session of 2026-11-23 11:13.
# H100: A/B of the 16-bit forward register kernel (build-base = kernels of ff2a2ac, build-cuda = working
# tree: one 16-byte store per vector, EX2 with the 2^64 offset for 16-bit outputs, softmax finish as one
# multiply, extras skipped, 64 registers), then bf16/f16 forward peers at the rows that fit, then the
# CUDA conformance suite (default tier).
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
start=$SECONDS
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > $out/device.txt 2>&1
SH="--shape 2097152x128 --shape 2000000x100 --shape 262144x1000 --shape 65536x4096 --shape 40000x5000 --shape 32768x8192 --shape 16384x16384"
for dt in bf16 f16 f32; do
  for lib in base cuda; do
    LD_LIBRARY_PATH=$PWD/build-$lib timeout 100 build-cuda/bench/smax-bench --algo auto --dtype $dt --reps 5 --max-seconds 0.25 --no-overhead --quiet $SH \
      > $out/ab-$dt-$lib.txt 2>&1; echo "exit $?" >> $out/ab-$dt-$lib.txt
  done
done
for lib in base cuda; do
  LD_LIBRARY_PATH=$PWD/build-$lib timeout 60 build-cuda/bench/smax-bench --algo auto --log --dtype bf16 --reps 5 --max-seconds 0.25 --no-overhead --quiet --shape 2097152x128 --shape 65536x4096 \
    > $out/ab-bf16log-$lib.txt 2>&1; echo "exit $?" >> $out/ab-bf16log-$lib.txt
done
echo "ab: $((SECONDS-start)) s"
for f in $out/ab-*.txt; do echo "== $f"; grep -E "auto|exit" $f; done
for m in bf16 f16; do
  d=$out/peers-$m; mkdir -p $d
  timeout 110 python3 bench/peer_bench.py --lib build-cuda/libsmax.so --dtype $m --out $d --impl smax-auto,torch,triton --reps 9 --budget 0.8 --commit $(cat .dev/commit) \
    --shape 2097152x128 --shape 65536x4096 --shape 32768x8192 --shape 16384x16384 > $d/peers.txt 2>&1
  sed -n '/effective bandwidth, GB/,$p' $d/peers.txt | head -8
done
echo "peers: $((SECONDS-start)) s"
LD_LIBRARY_PATH=$PWD/build-cuda:$PWD/build-cuda/tests timeout 200 build-cuda/tests/smax_conformance > $out/conformance-cuda.txt 2>&1; echo "exit $?" >> $out/conformance-cuda.txt
grep -E "passed|exit" $out/conformance-cuda.txt | tail -3
grep -B2 -A8 -m3 FAIL $out/conformance-cuda.txt | head -40
echo "total $((SECONDS-start)) s"
cd $out && tar czf logs.tgz *.txt peers-*
