#!/usr/bin/env bash
# H100 at the commit carried: the f32 backward peer table, then the large tier (without "huge").
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
start=$SECONDS
rm -rf build-opencl; mv build-opencl-gpu build-opencl
SMAX_PEER_MODES="f32 --backward,bf16 --backward" SMAX_PEER_ARGS="--impl smax-auto,torch,triton --reps 9 --budget 0.8 --commit $(cat .dev/commit)" timeout 250 bench/h100/run.sh peers
for d in $out/peers-*; do echo "== $d"; sed -n '/effective bandwidth, GB/,$p' $d/peers.txt | head -20; done
echo "peers: $((SECONDS-start)) s"
SMAX_JOBS=12 timeout 270 bench/h100/run.sh large-only
echo "total $((SECONDS-start)) s"
timeout 30 bench/h100/run.sh archive
