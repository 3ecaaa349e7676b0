#!/usr/bin/env bash
# call 2 (forty-sixth session, H200): x46, SMAX_X_LAG near R - 1 (R = rows a launch holds at once:
# groups a unit x units / chunks), forward and back, two rounds (second in reverse order).
set -u
S=/tmp; tar xJf .dev/stage/x46.txz -C $S; B=$S/stage-x46
exec > $OUT/summary.txt 2>&1
t0=$SECONDS
echo "x46; $(date -u)"
R() { local lag=$1 dir=$2 dt=$3 sh=$4; local bw=""; [ $dir = bwd ] && bw=--backward
  local r=$(SMAX_X_LAG=$lag LD_LIBRARY_PATH=$B timeout 60 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.08 --algo auto --dtype $dt $bw --shape $sh 2>&1 | grep -E "auto|FAIL" | head -2 | tr -s ' ')
  echo "$dir $dt $sh lag $lag | $r"; }
LIST="bwd,f32,256x1048576,0 2 0 2
bwd,f32,256x600000,0 3 4
bwd,f32,1024x262144,0 6 9 11
bwd,f32,512x393216,0 4 6 7
bwd,bf16,256x2097152,0 2
bwd,bf16,256x1048576,0 4 5
bwd,bf16,512x524288,0 6 9 11
fwd,f32,256x1048576,0 4 5
fwd,f32,512x524288,0 6 9 11
fwd,f32,1024x262144,0 12 20 23
fwd,bf16,256x2097152,0 4 5
fwd,f32,256x2097152,0 2"
R 0 fwd f32 64x128 >/dev/null
for round in 1 2; do
  echo "== round $round [$((SECONDS-t0)) s]"
  if [ $round = 1 ]; then L="$LIST"; else L="$(echo "$LIST" | tac)"; fi
  while IFS=, read dir dt sh lags; do
    [ $round = 2 ] && lags=$(echo $lags | tr ' ' '\n' | tac | tr '\n' ' ')
    for g in $lags; do R $g $dir $dt $sh; done
  done <<< "$L"
done
echo "end [$((SECONDS-t0)) s]"
