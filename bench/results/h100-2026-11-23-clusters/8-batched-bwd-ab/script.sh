#!/usr/bin/env bash
# H100: batched pass-1 loads, backward too (new build-cuda) against b150aca (build-cuda-old), auto.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
start=$SECONDS
B="--shape 32768x8192 --shape 16384x16384 --shape 3355x20000 --shape 2097x32000 --shape 8192x32768 --shape 4096x65536 --shape 1024x262144 --shape 4096x128256"
F="--shape 2097x32000 --shape 8192x32000 --shape 22369x3000 --shape 4096x65536 --shape 1024x262144"
for round in 1 2; do
for b in build-cuda-old build-cuda; do
  LD_LIBRARY_PATH=$PWD/$b timeout 120 $b/bench/smax-bench --reps 5 --max-seconds 0.25 --algo auto --no-overhead --quiet --dtype f32 --backward $B > $out/ab-$b-f32bwd-$round.txt 2>&1
  echo "$b f32 bwd round $round: exit $?"; grep -E "auto " $out/ab-$b-f32bwd-$round.txt | awk '{print $4, $5, $(NF-2), $(NF-1)}' | tr '\n' ';'; echo
done
done
for b in build-cuda-old build-cuda; do
  LD_LIBRARY_PATH=$PWD/$b timeout 100 $b/bench/smax-bench --reps 5 --max-seconds 0.25 --algo auto --no-overhead --quiet --dtype bf16 --backward --shape 2097x32000 --shape 8192x32768 --shape 4096x65536 --shape 1024x262144 > $out/ab-$b-bf16bwd.txt 2>&1
  echo "$b bf16 bwd: exit $?"; grep -E "auto " $out/ab-$b-bf16bwd.txt | awk '{print $4, $5, $(NF-2), $(NF-1)}' | tr '\n' ';'; echo
  LD_LIBRARY_PATH=$PWD/$b timeout 100 $b/bench/smax-bench --reps 5 --max-seconds 0.25 --algo auto --no-overhead --quiet --dtype f32 $F > $out/ab-$b-f32.txt 2>&1
  echo "$b f32 fwd: exit $?"; grep -E "auto " $out/ab-$b-f32.txt | awk '{print $4, $5, $(NF-2), $(NF-1)}' | tr '\n' ';'; echo
done
echo "total $((SECONDS-start)) s"
cd $out && tar czf logs.tgz *.txt && rm -f ab-*.txt
