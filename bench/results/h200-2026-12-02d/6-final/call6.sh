#!/usr/bin/env bash
# call 6 (forty-second session, H200): f42 = main (the commit in .dev/commit) + bwd_onchip_group (the gradient's
# ragged on-chip rows of three a unit in the deep kernel's 256 items; the plans of call 5's 256 at its ragged shapes,
# checked by the planner probe). smax-bench auto at those shapes; conformance of the gradients (default tier).
set -u
S=/tmp; tar xJf .dev/stage/f42.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "f42 = $(cat .dev/commit) + bwd_onchip_group; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s %s (%s)|", s, $1, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
CP=(); C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b
  ( LD_LIBRARY_PATH=$M timeout 200 "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
R warm f42 --algo auto --dtype f32 --shape 64x128 > /dev/null
R bf16dx f42 --backward --algo auto --dtype bf16,f32 $(SH 7500 8192 9216)
R f32few f42 --backward --algo auto --dtype f32 --shape 256x7500 --shape 256x9216
t bench
for v in "bwd y,dy:f32 dx:f32" "bwd y,dy:f32 dx:bf16" "bwd y,dy:bf16 dx:bf16"; do C f42 "c-f42-${v//[^a-z0-9]/_}" $S/stage-f42/smax_conformance --variant "$v"; done
wait; t conformance
for f in $L/c-*.txt; do echo "$(basename $f .txt): $(grep -E '^[0-9]+ passed, [0-9]+ failed' $f | tail -1) $(tail -1 $f)"; done
grep -h "FAIL" $L/c-*.txt | head -10
LD_LIBRARY_PATH=$S/stage-f42 timeout 60 compute-sanitizer --tool racecheck --print-limit 5 $S/stage-f42/smax-bench --backward --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 --algo auto --dtype bf16,f32 --shape 100x7500 --shape 64x9217 > $L/san-race.txt 2>&1
echo "san: $(grep -hE "RACECHECK SUMMARY" $L/san-race.txt) $(grep -c " ok " $L/san-race.txt) ok"
t end
