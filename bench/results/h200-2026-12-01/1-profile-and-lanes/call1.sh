#!/usr/bin/env bash
# call 1 (thirty-first session, H200): k31 = main d555dcc + dev knobs (.dev/k31.diff): SMAX_DEV_LANES=n forces the
# on-chip fused kernel's lanes a row, SMAX_DEV_GROUP=g its group; unset, it plans as main. ncu (full set, no clock
# control) of the gradient rows still under 90% of copy and of neighbours that reach it; lane and group sweeps there.
set -u
S=/tmp; for b in k31; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "k31 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
B=$S/stage-k31
R() { local tag=$1 e=$2; shift 2
  env $e LD_LIBRARY_PATH=$B timeout 90 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
NC() { local tag=$1 k=$2; shift 2
  LD_LIBRARY_PATH=$B timeout 100 ncu --clock-control none --kernel-name regex:$k --launch-skip 2 --launch-count 1 --set full \
    --import-source no -o $L/$tag $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --rotate-mb 0 --algo auto "$@" > $L/ncu-$tag.txt 2>&1
  ncu --import $L/$tag.ncu-rep --page details > $L/$tag-details.txt 2>&1
  ncu --import $L/$tag.ncu-rep --page raw --csv > $L/$tag-raw.csv 2>&1; rm -f $L/$tag.ncu-rep
  echo "$tag: $(grep -E '^ +(Duration|DRAM Throughput|Issue Slots Busy|Achieved Occupancy|Theoretical Occupancy|No Eligible|Warp Cycles Per Issued Instruction|Registers Per Thread|Block Limit Registers|Block Limit Shared Mem|Executed Instructions|L1/TEX Hit Rate|Mem Busy) ' $L/$tag-details.txt | awk '{$1=$1; print}' | tr '\n' ';')"; }
# lane and group sweeps, two rounds in opposite orders
for r in 1 2; do
  LB="0 8 16 32 64"; LF="0 16 32 64 128 256"; [ $r = 2 ] && LB="64 32 16 8 0" && LF="256 128 64 32 16 0"
  for n in $LB; do R bb-$r-l$n SMAX_DEV_LANES=$n --algo auto --backward --dtype bf16 $(SH 575 1025 1149 1500 2049); done
  for n in $LF; do R fb-$r-l$n SMAX_DEV_LANES=$n --algo auto --backward --dtype bf16,f32 $(SH 575 1149 1700 3001); done
  for n in 0 8 16 32 64; do R wf-$r-l$n SMAX_DEV_LANES=$n --algo auto --backward --dtype f32,bf16 $(SH 145 287 575); done
  for g in 0 128 512; do R gb-$r-g$g SMAX_DEV_GROUP=$g --algo auto --backward --dtype bf16 $(SH 575 1149); R gf-$r-g$g SMAX_DEV_GROUP=$g --algo auto --backward --dtype bf16,f32 $(SH 575 1149 3001); done
done; t sweeps
NC bb575 smax_bwd --backward --dtype bf16 $(SH 575)
NC bb913 smax_bwd --backward --dtype bf16 $(SH 913)
NC bb1149 smax_bwd --backward --dtype bf16 $(SH 1149)
NC bb1500 smax_bwd --backward --dtype bf16 $(SH 1500)
NC fb575 smax_bwd --backward --dtype bf16,f32 $(SH 575)
NC fb3001 smax_bwd --backward --dtype bf16,f32 $(SH 3001)
NC wf145 smax_bwd --backward --dtype f32,bf16 $(SH 145)
t end
