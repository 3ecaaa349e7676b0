#!/usr/bin/env bash
# call 2 (twenty-ninth session, H200): (a) the gradient with f32 y, dy (f32, f16 and bf16 dx) and f16 y, dy -> f32 dx,
# rows of 145-4096 columns at 2^25 elements: main's plan (SMAX_DEV_FUSED=0) against the on-chip kernel (2) and the
# register kernel (3), d37 (dbc8c60 + dev knobs), rounds 0 2 3 / 3 2 0; bf16 gradient tiles where they fit (4) at
# 575-1149; (b) the cluster repro under synccheck: rows 1-9 at clusters of 16, with and without the exchange (mode 2:
# the cluster barrier alone); (c) HIP on NVIDIA (hip36 = dbc8c60) conformance, forward variants.
set -u
S=/tmp; for b in m36 d37 hip36; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "d37 (dbc8c60 + knobs), hip36 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 e=$3; shift 3
  env $e LD_LIBRARY_PATH=$S/stage-$b timeout 90 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
COLS=$(SH 145 287 457 575 913 1149 2048 4096)
for r in 1 2; do
  [ $r = 1 ] && M="0 2 3" || M="3 2 0"
  for m in $M; do for d in f16,f32 f32 f32,f16; do R g-$d-$m-$r d37 SMAX_DEV_FUSED=$m --algo auto --backward --dtype $d $COLS; done; done
done; t grad
for m in 0 4 4 0; do R t-bf16-$m d37 SMAX_DEV_FUSED=$m --algo auto --backward --dtype bf16 $(SH 575 725 1149); done; t tiles
NC() { local tag=$1 e=$2; shift 2; env $e LD_LIBRARY_PATH=$S/stage-d37 timeout 90 ncu --section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats \
  -k regex:smax --launch-skip 3 --launch-count 1 $S/stage-d37/smax-bench --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 --algo auto "$@" > $L/ncu-$tag.txt 2>&1
  echo "ncu $tag: $(grep -E '^ +(Duration|DRAM Throughput|Registers Per Thread|Achieved Occupancy|Block Size|Dynamic Shared Memory Per Block)' $L/ncu-$tag.txt | awk '{printf "%s=%s ", $1" "$2, $NF}')"; }
for m in 0 2; do NC f32f16-1149-$m SMAX_DEV_FUSED=$m --backward --dtype f16,f32 $(SH 1149); NC f32-1149-$m SMAX_DEV_FUSED=$m --backward --dtype f32 $(SH 1149); done
t ncu
# (c) HIP on NVIDIA conformance in the background from here (the rest times nothing)
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 10 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((570 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
( H=$S/stage-hip36
VH=$(LD_LIBRARY_PATH=$H $H/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^fwd')
while IFS= read -r v; do C hip36 c-hip-$(echo "$v" | tr -c 'a-z0-9' '_') $H/smax_conformance --variant "$v"; done <<< "$VH"
wait ) & CONF=$!
# (b) repro
X=.dev/repro/cluster_push; chmod +x $X
for mode in 0 2; do for rows in 1 2 3 4 5 8 9; do
  compute-sanitizer --tool synccheck $X $rows 16 256 4096 $mode > $L/repro-sync-$mode-$rows.txt 2>&1
  echo "sync c16 th256 mode $mode rows $rows: $(grep -E 'bad' $L/repro-sync-$mode-$rows.txt | sed 's/.*launch/launch/') $(grep 'ERROR SUMMARY' $L/repro-sync-$mode-$rows.txt)"; done; done
for a in "17 8 256 4096 0" "17 8 256 4096 2" "9 12 256 4096 0" "9 9 256 4096 2" "9 16 256 65536 2" "1 16 1024 4096 2"; do
  compute-sanitizer --tool synccheck $X $a > $L/repro-sync-x.txt 2>&1
  echo "sync $a: $(grep -E 'bad' $L/repro-sync-x.txt | sed 's/.*launch/launch/') $(grep 'ERROR SUMMARY' $L/repro-sync-x.txt)"; $X $a; done
t repro
wait $CONF; t conformance
cat $L/c-hip-*.txt 2>/dev/null | awk -v b="hip36 default fwd" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
t end
