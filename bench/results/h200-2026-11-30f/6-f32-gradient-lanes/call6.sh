#!/usr/bin/env bash
# call 6 (twenty-ninth session, H200): 4c64046 (n39) against n41 (4c64046 + the on-chip gradient's lanes halved to
# SMAX_ONCHIP_LANE_VECTORS vectors for an f32 y, dy with a 16-bit dx, as for 16-bit y, dy), A B B A; n41's CUDA
# conformance for the f32 -> 16-bit gradient variants.
set -u
S=/tmp; for b in n39 n41; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "n39 (4c64046) / n41 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 e=$3; shift 3
  env $e LD_LIBRARY_PATH=$S/stage-$b timeout 90 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
ABBA() { local k=$1; shift; i=0; for j in 0 1 1 0; do i=$((i+1)); R $k-$i-$j ${V[$j]% *} "${V[$j]#* }" "$@"; done; t $k; }
V=("n39 X=0" "n41 X=0")
ABBA w-f16 --backward --dtype f16,f32 $(SH 513 575 913 1149 1500 2500 5000 8193 16385)
ABBA w-bf16 --backward --dtype bf16,f32 $(SH 575 1149 2500)
ABBA logw --backward --log --dtype f16,f32 $(SH 575 1149)
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 12 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((400 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
N=$S/stage-n41
for v in "bwd y,dy:f32 dx:f16" "bwd y,dy:f32 dx:bf16"; do C n41 c-n41-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done
C n41 san-racecheck compute-sanitizer --tool racecheck $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto --backward --dtype f16,f32 --shape 333x575 --shape 100x1149 --shape 20x8193
C n41 san-memcheck compute-sanitizer --tool memcheck $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto --backward --dtype f16,f32 --shape 333x575 --shape 100x1149 --shape 20x8193
wait; t conformance
cat $L/c-n41-*.txt 2>/dev/null | awk -v b="n41 default f32 -> 16-bit bwd" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(grep -E '^ +auto' $f | awk '{print $3, $4, $5, $6}' | tr '\n' ';') $(tail -1 $f)"; done
t end
