#!/usr/bin/env bash
# H100: batched pass-1 loads (new build-cuda) against b150aca (build-cuda-old), auto, alternating.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
start=$SECONDS
S="--shape 22369x3000 --shape 6710x10000 --shape 3355x20000 --shape 2097x32000 --shape 2048x32768 --shape 1677x40000 --shape 1024x65536 --shape 8192x32000 --shape 256x262144"
for round in 1 2; do
for b in build-cuda-old build-cuda; do
  LD_LIBRARY_PATH=$PWD/$b timeout 120 $b/bench/smax-bench --reps 5 --max-seconds 0.25 --algo auto --no-overhead --quiet --dtype f32 $S > $out/ab-$b-f32-$round.txt 2>&1
  echo "$b f32 round $round: exit $?"; grep -E "auto " $out/ab-$b-f32-$round.txt | awk '{print $4, $5, $(NF-2), $(NF-1)}' | tr '\n' ';'; echo
done
done
for b in build-cuda-old build-cuda; do
  LD_LIBRARY_PATH=$PWD/$b timeout 100 $b/bench/smax-bench --reps 5 --max-seconds 0.25 --algo auto --no-overhead --quiet --dtype bf16 --shape 2097x32000 --shape 3355x20000 --shape 1024x65536 --shape 256x262144 > $out/ab-$b-bf16.txt 2>&1
  echo "$b bf16: exit $?"; grep -E "auto " $out/ab-$b-bf16.txt | awk '{print $4, $5, $(NF-2), $(NF-1)}' | tr '\n' ';'; echo
done
echo "total $((SECONDS-start)) s"
cd $out && tar czf logs.tgz *.txt && rm -f ab-*.txt
