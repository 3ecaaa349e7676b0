#!/usr/bin/env bash
# call 2 (fortieth session, H200): r40 = xr with the f32 -> f32 forward on-chip kernel (smax_fused) and register kernel
# (smax_fused_regs) held to 40 registers an item (__maxnreg__; nvcc took 48: 62.5% occupancy, where Triton ran 75-100%
# in call 1's ncu); ptxas spills 12 and 32 bytes there. A B B A against xr (main's kernels) at f32 768-16384 columns,
# softmax and log-softmax; ncu of r40 at 1024, 6000, 8192. And the PRODUCT shape whose plan 9ca5a34 changed, bf16
# 8192 x 32768 forward, in peer_bench with torch and Triton.
set -u
S=/tmp; for b in xr r40; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "xr r40 = $(cat .dev/commit) + experiments; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
P=/opt/torch/.venv/bin/python3
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 90 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
COLS="768 1024 1536 2048 3000 6000 8192 10000 12288 16384"
for b in xr r40 r40 xr; do n=$((${n:-0}+1)); R $b-$n $b --algo auto --dtype f32 $(SH $COLS); R $b-log-$n $b --algo auto --log --dtype f32 $(SH 1024 2048 6000 10000 16384); done
t abba
NC() { local tag=$1 b=$2 k=$3; shift 3; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 120 ncu --clock-control none --kernel-name regex:$k --launch-skip 2 --launch-count 1 --set full \
    --import-source no -o $L/$tag $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --rotate-mb 0 --algo auto --dtype f32 "$@" > $L/ncu-$tag.txt 2>&1
  ncu --import $L/$tag.ncu-rep --page details > $L/$tag-details.txt 2>&1; rm -f $L/$tag.ncu-rep
  echo "$tag: $(grep -E '^ +(Duration|DRAM Throughput|Issue Slots Busy|Achieved Occupancy|Theoretical Occupancy|No Eligible|Warp Cycles Per Issued Instruction|Registers Per Thread|Block Size|Executed Instructions|Local Memory Spilling Requests) ' $L/$tag-details.txt | awk '{$1=$1; print}' | tr '\n' ';')"; }
for s in 1024 6000 8192; do NC r$s r40 smax_fused $(SH $s); done
t ncu
B=$S/stage-xr; d=$L/pb-bf16; mkdir -p $d
PYTHONUNBUFFERED=1 timeout 150 $P bench/peer_bench.py --lib $B/libsmax.so --support $B/libsmax_testsupport.so \
    --commit $(cat .dev/commit) --out $d --reps 25 --warmup 3 --budget 1.0 --dtype bf16 --impl smax-auto,torch,triton --shape 8192x32768 --shape 8192x32000 > $d/peers.txt 2>&1
t "pb bf16: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo
t end
