#!/usr/bin/env bash
# call 3 (fortieth session, H200): rv2 = xr with the f32 -> f32 forward register kernel holding 2 vectors an item (8 f32)
# in place of 4 (SMAX_FWD_REG_VECTORS; ptxas 32 registers, not 48: a unit holds 16 groups of 128, not 10), as Triton
# holds 8 an item at 1024 columns (call 1's ncu: 22 registers, 93.5% achieved occupancy against smax's 58.7%). Its reach
# becomes 1024 columns in 128 items; rows of 1025-2047 go on-chip, 2048 to the deep kernel. A B B A against xr (main's
# kernels) at f32 128-2048 columns; peer_bench of both with torch and Triton; ncu of rv2 at 128 and 1024.
set -u
S=/tmp; for b in xr rv2; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "xr rv2 = $(cat .dev/commit) + experiments; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
P=/opt/torch/.venv/bin/python3
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 90 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
COLS="128 200 256 384 512 640 768 1000 1024 1536 2048"
for b in xr rv2 rv2 xr; do n=$((${n:-0}+1)); R $b-$n $b --algo auto --dtype f32 $(SH $COLS); R $b-log-$n $b --algo auto --log --dtype f32 $(SH 128 512 1024); R $b-odd-$n $b --algo auto --dtype f32 $(SH 100 333 1001); done
t abba
PB() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b d=$L/pb-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout 150 $P bench/peer_bench.py --lib $B/libsmax.so --support $B/libsmax_testsupport.so \
    --commit $(cat .dev/commit) --out $d --reps 7 --warmup 2 --budget 0.4 "$@" > $d/peers.txt 2>&1
  t "pb $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
PS=$(for s in 128 256 512 768 1024; do printf -- "--shape %sx%s " $((67108864 / s)) $s; done)
PB xr-peers xr --impl smax-auto,torch,triton --dtype f32 $PS
PB rv2 rv2 --impl smax-auto --dtype f32 $PS
PB xr xr --impl smax-auto --dtype f32 $PS
NC() { local tag=$1 b=$2 k=$3; shift 3; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 120 ncu --clock-control none --kernel-name regex:$k --launch-skip 2 --launch-count 1 --set full \
    --import-source no -o $L/$tag $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --rotate-mb 0 --algo auto --dtype f32 "$@" > $L/ncu-$tag.txt 2>&1
  ncu --import $L/$tag.ncu-rep --page details > $L/$tag-details.txt 2>&1; rm -f $L/$tag.ncu-rep
  echo "$tag: $(grep -E '^ +(Duration|DRAM Throughput|Issue Slots Busy|Achieved Occupancy|Theoretical Occupancy|No Eligible|Warp Cycles Per Issued Instruction|Registers Per Thread|Block Size|Executed Instructions) ' $L/$tag-details.txt | awk '{$1=$1; print}' | tr '\n' ';')"; }
NC v1024 rv2 smax_fused $(SH 1024); NC v128 rv2 smax_fused $(SH 128); NC s128 xr smax_fused $(SH 128)
t end
