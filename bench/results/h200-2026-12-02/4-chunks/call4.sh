#!/usr/bin/env bash
# call 4 (thirty-ninth session): rows of 32000 columns at 128-2048 rows, chunks a row forced by an experiment
# build (xc = HEAD + SMAX_X_CHUNKS=c in plan_multiblock_onchip; CUDA sm_90). f32: auto (clusters of 3) against
# c = 2, 4, 5, 6, 8, 12, 16; bf16: auto (fused, a group of 512 a row) against forced multiblock with c chunks.
# Two rounds, the variants in reverse order in the second.
set -u
S=/tmp; tar xJf .dev/stage/xc.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "xc = $(cat .dev/commit) + x-chunks; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 c=$2; shift 2; local B=$S/stage-xc
  SMAX_X_CHUNKS=$c LD_LIBRARY_PATH=$B timeout 120 $B/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SHP="--shape 128x32000 --shape 256x32000 --shape 384x32000 --shape 512x32000 --shape 768x32000 --shape 1024x32000 --shape 2048x32000"
R warm 0 --algo auto --dtype f32 --shape 256x32000 > /dev/null; t warm
FV="0 2 4 5 6 8 12 16"; BV="0 2 3 4 6 8"
for i in 1 2; do
  [ $i = 2 ] && FV=$(echo $FV | tr ' ' '\n' | tac | tr '\n' ' ') && BV=$(echo $BV | tr ' ' '\n' | tac | tr '\n' ' ')
  for c in $FV; do R f-$i-c$c $c --algo auto --dtype f32 $SHP; done
  for c in $BV; do if [ $c = 0 ]; then R b-$i-auto 0 --algo auto --dtype bf16 $SHP; else R b-$i-c$c $c --algo multiblock --dtype bf16 $SHP; fi; done
  t round $i
done
t end
