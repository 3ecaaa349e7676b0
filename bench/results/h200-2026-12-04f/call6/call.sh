#!/usr/bin/env bash
# call 6 (fifty-first session, H200): HIP on NVIDIA (hn) against CUDA's exchange (cu, SMAX_CLUSTERS=0) at f32 gradient
# 4096 x 32768 (c8; call 5: hn 511 us, DRAM 64.8% of peak, barrier stalls 11.9 cycles a warp; cu 439 us, 75.5, 9.6):
# (1) both under SMAX_STAGGER 0, 37, 74 (the rule's) and 110; (2) ncu's source counters (stall samples by SASS line).
set -u
S=/tmp; for n in cu hn; do tar xJf .dev/stage/$n.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "c51-6; $(date -u)"
export SMAX_CLUSTERS=0
for st in 0 37 74 110; do
  for v in cu hn; do B=$S/stage-$v; f=$L/st$st-$v.txt
    SMAX_STAGGER=$st LD_LIBRARY_PATH=$B timeout 60 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --dtype f32 --backward --shape 4096x32768 --shape 2048x65536 > $f 2>&1
    echo "== stagger $st $v: $(grep -A1 -E '^[0-9]+x[0-9]+ ' $f | grep auto | awk '{print $NF}' | tr '\n' ' ')"
  done
done
for v in cu hn; do
  t "ncu source $v"; B=$S/stage-$v
  LD_LIBRARY_PATH=$B timeout 150 ncu --clock-control none --section SourceCounters --section WarpStateStats \
    -k regex:mb_onchip --launch-skip 2 --launch-count 1 -o $L/src-$v \
    $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.001 --rotate-mb 0 --algo auto --dtype f32 --backward --shape 4096x32768 > $L/ncu-src-$v.txt 2>&1; echo "rc=$?"
  ncu -i $L/src-$v.ncu-rep --page source --csv --print-source sass > $L/sass-$v.csv 2>&1; echo "sass rc=$? lines $(wc -l < $L/sass-$v.csv)"
  ncu -i $L/src-$v.ncu-rep --page details --csv > $L/details-$v.csv 2>&1
  grep -i "stall" $L/details-$v.csv | awk -F'","' '{print $(NF-2)" = "$NF}' | tr -d '"' | head -30
done
t end
