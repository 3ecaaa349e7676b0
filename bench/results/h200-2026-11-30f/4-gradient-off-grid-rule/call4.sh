#!/usr/bin/env bash
# call 4 (twenty-ninth session, H200): main dbc8c60 (m36) against n39 (bwd_onchip_outpaces; f32 -> 16-bit gradient rows
# on-chip only off the vector grid), A B B A, % of copy at 2^25 elements; then n39's CUDA and hip39's HIP-on-NVIDIA
# conformance, every gradient variant, and compute-sanitizer at the moved rows.
set -u
S=/tmp; for b in m36 n39; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m36 (dbc8c60) / n39 / hip39 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 e=$3; shift 3
  env $e LD_LIBRARY_PATH=$S/stage-$b timeout 90 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
ABBA() { local k=$1; shift; i=0; for j in 0 1 1 0; do i=$((i+1)); R $k-$i-$j ${V[$j]% *} "${V[$j]#* }" "$@"; done; t $k; }
V=("m36 X=0" "n39 X=0")
ABBA w-f16 --backward --dtype f16,f32 $(SH 513 575 913 1000 1149 1500 1800 2500 3000 4096)
ABBA w-bf16 --backward --dtype bf16,f32 $(SH 575 1149 1500 1800)
ABBA n-f16 --backward --dtype f32,f16 $(SH 287 1149 2048 4096)
ABBA logw --backward --log --dtype f16,f32 $(SH 575 1000 1500)
R hip-w hip39 X=0 --backward --dtype f16,f32 $(SH 575 1149 2048); R hip-n hip39 X=0 --backward --dtype f32,f16 $(SH 287 2048)
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 12 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((570 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
N=$S/stage-n39
VV=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^bwd')
while IFS= read -r v; do C n39 c-n39-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$VV"
for tool in memcheck racecheck synccheck; do C n39 san-$tool compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto --backward --dtype f16,f32 --shape 333x575 --shape 100x1149; C n39 san2-$tool compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto --backward --dtype f32,bf16 --shape 50x2048 --shape 77x1500; done
H=$S/stage-hip39
VH=$(LD_LIBRARY_PATH=$H $H/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^bwd')
while IFS= read -r v; do C hip39 c-hip-$(echo "$v" | tr -c 'a-z0-9' '_') $H/smax_conformance --variant "$v"; done <<< "$VH"
wait; t conformance
cat $L/c-hip-*.txt 2>/dev/null | awk -v b="hip39 default bwd" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
cat $L/c-n39-*.txt 2>/dev/null | awk -v b="n39 default bwd" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(grep -E '^ +auto' $f | awk '{print $3, $4, $5, $6}' | tr '\n' ';') $(tail -1 $f)"; done
t end
