#!/usr/bin/env bash
# call 1 (fortieth session, H200): xr = main cfb9bbc + an experimental planner switch (x-regrows.diff):
# SMAX_X_REGMODE 1 usual register kernel (16 f32 an item), 2 deep (32), 3 usual where it reaches else deep;
# SMAX_X_REGCAP the largest group (main: 128); SMAX_X_LANEMULT k lanes a row times k (fewer elements an item).
# f32 forward rows of 768-16384 columns, where Triton (one row a program, all in registers, 4-16 warps) led by 1-3
# points in the sweep of 12-02 call 3. A B B A over the switch; peer_bench smax-auto (both plans) vs Triton and torch;
# ncu of smax and of Triton at 32768 x 1024 and 4096 x 8192.
set -u
S=/tmp; tar xJf .dev/stage/xr.txz -C $S; B=$S/stage-xr
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "xr = $(cat .dev/commit) + x-regrows; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
P=/opt/torch/.venv/bin/python3
R() { local tag=$1 e=$2; shift 2
  env $e LD_LIBRARY_PATH=$B timeout 90 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
SHP() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
COLS="768 1024 1536 2048 3000 4096 6000 8192 10000 12288 16384"
declare -A E=( [d]="X=0" [m3c512]="SMAX_X_REGMODE=3 SMAX_X_REGCAP=512" [m2c512]="SMAX_X_REGMODE=2 SMAX_X_REGCAP=512"
  [m1c512L2]="SMAX_X_REGMODE=1 SMAX_X_REGCAP=512 SMAX_X_LANEMULT=2" [m1c256]="SMAX_X_REGMODE=1 SMAX_X_REGCAP=256" [m3c1024]="SMAX_X_REGMODE=3 SMAX_X_REGCAP=1024" )
ORDER="d m3c512 m2c512 m1c512L2 m1c256 m3c1024"
for r in 1 2; do
  O=$ORDER; [ $r = 2 ] && O=$(echo $ORDER | tr ' ' '\n' | tac | tr '\n' ' ')
  for c in $O; do R $c-$r "${E[$c]}" --algo auto --dtype f32 $(SH $COLS); done
done; t abba
PB() { local tag=$1 e=$2; shift 2; local d=$L/pb-$tag; mkdir -p $d
  env $e PYTHONUNBUFFERED=1 timeout 150 $P bench/peer_bench.py --lib $B/libsmax.so --support $B/libsmax_testsupport.so \
    --commit $(cat .dev/commit) --out $d --reps 7 --warmup 2 --budget 0.4 "$@" > $d/peers.txt 2>&1
  t "pb $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
PB peers-d "X=0" --impl smax-auto,torch,triton --dtype f32 $(SHP $COLS)
PB smax-m3c512 "${E[m3c512]}" --impl smax-auto --dtype f32 $(SHP $COLS)
PB smax-m2c512 "${E[m2c512]}" --impl smax-auto --dtype f32 $(SHP $COLS)
NC() { local tag=$1 k=$2 e=$3; shift 3
  env $e LD_LIBRARY_PATH=$B timeout 120 ncu --clock-control none --kernel-name regex:$k --launch-skip 2 --launch-count 1 --set full \
    --import-source no -o $L/$tag "$@" > $L/ncu-$tag.txt 2>&1
  ncu --import $L/$tag.ncu-rep --page details > $L/$tag-details.txt 2>&1; rm -f $L/$tag.ncu-rep
  echo "$tag: $(grep -E '^ +(Duration|DRAM Throughput|Issue Slots Busy|Achieved Occupancy|Theoretical Occupancy|No Eligible|Warp Cycles Per Issued Instruction|Registers Per Thread|Block Size|Executed Instructions|Mem Busy|Max Bandwidth) ' $L/$tag-details.txt | awk '{$1=$1; print}' | tr '\n' ';')"; }
SB() { echo $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --rotate-mb 0 --algo auto --dtype f32 "$@"; }
TB() { echo $P bench/peer_bench.py --lib $B/libsmax.so --support $B/libsmax_testsupport.so --out $L/ncu-tb --impl triton --reps 3 --warmup 1 --budget 0.1 --dtype f32 "$@"; }
for s in 1024 8192 6000; do
  NC s$s smax_fused "X=0" $(SB $(SH $s))
  NC x$s smax_fused "${E[m3c512]}" $(SB $(SH $s))
  NC t$s softmax_fused "X=0" $(TB $(SHP $s))
done
t end
