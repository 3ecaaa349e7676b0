#!/usr/bin/env bash
# call 3 (forty-second session, H200): the gradient's fused on-chip rows of which four groups would take a unit's
# largest shared-memory split ask for three groups' share, the rest left to the L1 cache (common/plan.c,
# plan_cache_share; the launch's carveout: CUDA by launch attribute, HIP on NVIDIA by the kernel's attribute).
# m42/h42 = main 69127f5 (CUDA sm_90, HIP on NVIDIA); p42/q42 = the change. A B B A, smax-bench auto, 2^25 elements a
# shape unless named; then conformance of the gradients (default tier) on p42 and q42, compute-sanitizer on carved
# launches.
set -u
S=/tmp; for b in m42 h42 p42 q42; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m42 = 69127f5; p42 = $(cat .dev/commit) + the change; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $(NF-1), substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
CP=(); C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b
  ( LD_LIBRARY_PATH=$M timeout 300 "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
for b in m42 h42 p42 q42; do R warm-$b $b --algo auto --dtype f32 --shape 64x128 > /dev/null; done
i=0; for ab in "m42 h42" "p42 q42" "p42 q42" "m42 h42"; do i=$((i+1)); set -- $ab; c=$1 h=$2
  R g-$i-$c $c --backward --algo auto --dtype f32 $(SH 5800 6000 6500 6700 7000) --shape 1024x6000 --shape 256x6500
  R gb-$i-$c $c --backward --algo auto --dtype bf16,f32 $(SH 5800 6000 6500 6800 7000 9216)
  R gh-$i-$c $c --backward --algo auto --dtype f16,f32 $(SH 6000 6500)
  R gbl-$i-$c $c --backward --log --algo auto --dtype bf16,f32 $(SH 6000 6500)
  R b-$i-$c $c --backward --algo auto --dtype bf16 $(SH 11000 12000 13000 13400 14000)
  R hip-$i-$h $h --backward --algo auto --dtype f32 $(SH 5800 6000 6500 6800 7000)
  R hipl-$i-$h $h --backward --log --algo auto --dtype f32 $(SH 6000 6500)
  t round $i
done
for v in "bwd y,dy:f32 dx:f32" "bwd y,dy:f32 dx:bf16" "bwd y,dy:f32 dx:f16" "bwd y,dy:bf16 dx:bf16"; do C p42 "c-p42-${v//[^a-z0-9]/_}" $S/stage-p42/smax_conformance --variant "$v"; done
C q42 c-q42-bwd_f32 $S/stage-q42/smax_conformance --variant "bwd y,dy:f32 dx:f32"
wait; t conformance
for f in $L/c-*.txt; do echo "$(basename $f .txt): $(grep -E '^[0-9]+ passed, [0-9]+ failed' $f | tail -1) $(tail -1 $f)"; done
grep -h "FAIL" $L/c-*.txt | head -10
SB() { local tool=$1 tag=$2 b=$3; shift 3; LD_LIBRARY_PATH=$S/stage-$b timeout 100 compute-sanitizer --tool $tool --print-limit 5 $S/stage-$b/smax-bench --backward --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 --algo auto "$@" > $L/san-$tag.txt 2>&1
  echo "san $tag: $(grep -hE "ERROR SUMMARY|RACECHECK SUMMARY|SYNCCHECK SUMMARY" $L/san-$tag.txt | tr '\n' ' ') $(grep -cE " ok " $L/san-$tag.txt) ok"; }
SB racecheck race-f32 p42 --dtype f32 --shape 100x6000 --shape 64x6700
SB racecheck race-bf16 p42 --dtype bf16 --shape 100x12000 --shape 300x6000
SB memcheck mem-f32 p42 --log --dtype bf16,f32 --shape 300x6001 --shape 100x6500
SB synccheck sync-f32 p42 --dtype f32 --shape 100x6000
SB memcheck mem-hip q42 --dtype f32 --shape 100x6000 --shape 300x6500
t end
