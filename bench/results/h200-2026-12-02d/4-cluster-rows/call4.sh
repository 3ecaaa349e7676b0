#!/usr/bin/env bash
# call 4 (forty-second session, H200): the gradient of f32 y and dy to a 16-bit dx keeps the cluster-row count of
# three groups a unit (common/plan.c, cluster_row_groups): call 1 had its clusters lose to fused rows at 5000-9216
# columns, yet rows of 7265-9500 columns (three fused groups a unit) ran as clusters. p42 = call 3's change (cache
# share); r42 = p42 + this rule. A B B A, smax-bench auto, 2^25 elements a shape; then r42's forced algorithms beside
# auto; conformance of the f32 -> bf16 and f16 gradients (default tier) on r42.
set -u
S=/tmp; for b in p42 r42; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "p42, r42 = $(cat .dev/commit) + the changes; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s %s %s (%s)|", s, $1, $(NF-1), $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
CP=(); C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b
  ( LD_LIBRARY_PATH=$M timeout 300 "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
for b in p42 r42; do R warm-$b $b --algo auto --dtype f32 --shape 64x128 > /dev/null; done
i=0; for b in p42 r42 r42 p42; do i=$((i+1))
  R gb-$i-$b $b --backward --algo auto --dtype bf16,f32 $(SH 7000 7500 8192 9000 9216 9500 10000) --shape 1024x8192
  R gh-$i-$b $b --backward --algo auto --dtype f16,f32 $(SH 8192 9216)
  R gbl-$i-$b $b --backward --log --algo auto --dtype bf16,f32 $(SH 8192 9216)
  t round $i
done
R forced-bf16 r42 --backward --algo fused,multiblock,auto --dtype bf16,f32 $(SH 6000 6500 7500 8192 9216 9500 10000 12000)
R forced-f16 r42 --backward --algo fused,multiblock,auto --dtype f16,f32 $(SH 6000 8192 9216)
t forced
for v in "bwd y,dy:f32 dx:bf16" "bwd y,dy:f32 dx:f16"; do C r42 "c-r42-${v//[^a-z0-9]/_}" $S/stage-r42/smax_conformance --variant "$v"; done
C r42 c-r42-large-bf16dx $S/stage-r42/smax_conformance --large --variant "bwd y,dy:f32 dx:bf16"
wait; t conformance
for f in $L/c-*.txt; do echo "$(basename $f .txt): $(grep -E '^[0-9]+ passed, [0-9]+ failed' $f | tail -1) $(tail -1 $f)"; done
grep -h "FAIL" $L/c-*.txt | head -10
t end
