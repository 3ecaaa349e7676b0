#!/usr/bin/env bash
# call 5 (forty-first session, H200): the gradient of f32 y and dy as a cluster of two chunks where the fused row
# would leave fewer than five groups a compute unit (common/plan.c, cluster_row_groups). m41 = main 5a81e8e; p41 = the
# change (plan only). A B B A, smax-bench auto, 2^25 elements a shape; peer_bench f32 gradient at 32768 x 8192 (PRODUCT
# shape), 11184 x 6000 and 8192 x 8192 (call 3's sweep); conformance of the f32 gradients (default tier) on p41.
set -u
S=/tmp; for b in m41 p41; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m41 = 5a81e8e; p41 = $(cat .dev/commit) + the change; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
P=/opt/torch/.venv/bin/python3
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
CP=(); C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b
  ( LD_LIBRARY_PATH=$M timeout 300 "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
R warm-m41 m41 --algo auto --dtype f32 --shape 64x128 > /dev/null; R warm-p41 p41 --algo auto --dtype f32 --shape 64x128 > /dev/null
i=0; for b in m41 p41 p41 m41; do i=$((i+1))
  R g-$i-$b $b --backward --algo auto --dtype f32 $(SH 5500 5800 6000 6500 7000 7500 8192 9000 9216) --shape 1024x6000 --shape 396x8192
  R gl-$i-$b $b --backward --log --algo auto --dtype f32 $(SH 6000 7000 8192)
  R gb-$i-$b $b --backward --algo auto --dtype f32,bf16 $(SH 6000 7000)
  t round $i
done
PB() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b d=$L/pb-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout 150 $P bench/peer_bench.py --lib $B/libsmax.so --support $B/libsmax_testsupport.so \
    --commit $(cat .dev/commit) --out $d --reps 10 --budget 0.8 "$@" > $d/peers.txt 2>&1
  t "pb $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
PS="--shape 32768x8192 --shape 11184x6000 --shape 8192x8192"
PB peers-p41 p41 --impl smax-auto,torch,triton --dtype f32 --backward $PS
PB m41 m41 --impl smax-auto --dtype f32 --backward $PS
for v in "bwd y,dy:f32 dx:f32" "bwd y,dy:f32 dx:bf16" "bwd y,dy:f32 dx:f16"; do C p41 "c-p41-${v//[^a-z0-9]/_}" $S/stage-p41/smax_conformance --variant "$v"; done
C p41 c-p41-large-f32 $S/stage-p41/smax_conformance --large --variant "bwd y,dy:f32 dx:f32"
LD_LIBRARY_PATH=$S/stage-p41 timeout 100 compute-sanitizer --tool racecheck --print-limit 5 $S/stage-p41/smax-bench --backward --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 --algo auto --dtype f32 --shape 400x6000 --shape 397x8193 > $L/san-race.txt 2>&1
LD_LIBRARY_PATH=$S/stage-p41 timeout 100 compute-sanitizer --tool memcheck --print-limit 5 $S/stage-p41/smax-bench --backward --log --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 --algo auto --dtype f32 --shape 400x6001 --shape 397x7000 > $L/san-mem.txt 2>&1
echo "san: $(grep -hE "ERROR SUMMARY|RACECHECK SUMMARY" $L/san-*.txt | tr '\n' ' ')"
wait; t conformance
for f in $L/c-*.txt; do echo "$(basename $f .txt): $(grep -E '^[0-9]+ passed, [0-9]+ failed' $f | tail -1) $(tail -1 $f)"; done
grep -h "FAIL" $L/c-*.txt | head -10
t end
