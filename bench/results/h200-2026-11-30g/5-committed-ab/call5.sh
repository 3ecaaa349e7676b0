#!/usr/bin/env bash
# call 5 (thirtieth session, H200): g30 = the mixed-width gradient's lanes of 1.5-3 vectors (e30) + 16-bit y -> f32 dx
# rows in 8-32 such lanes on-chip, tiles and registers alike, as committed. A B B A against main 24cba32 (m30);
# CUDA conformance of every gradient variant; memcheck and racecheck at the moved rows.
set -u
S=/tmp; for b in m30 g30; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m30 / g30 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 e=$3; shift 3
  env $e LD_LIBRARY_PATH=$S/stage-$b timeout 90 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
i=0; for b in m30 g30 g30 m30; do i=$((i+1))
  R wb-$i-$b $b X=0 --algo auto --backward --dtype f32,bf16 $(SH 65 100 145 200 287 457 733 767 769 913 1149 1700 3001)
  R wl-$i-$b $b X=0 --algo auto --log --backward --dtype f32,f16 $(SH 145 287 733 1700)
  R nb-$i-$b $b X=0 --algo auto --backward --dtype bf16,f32 $(SH 913 1700 3501)
done; t ab
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 12 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((400 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
N=$S/stage-g30
VV=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^bwd')
while IFS= read -r v; do C g30 c-g30-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$VV"
B="--no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0"
for tool in memcheck racecheck; do
  LD_LIBRARY_PATH=$N timeout 100 compute-sanitizer --tool $tool $N/smax-bench $B --algo auto --backward --dtype f32,bf16 --shape 1001x100 --shape 301x287 --shape 77x733 > $L/$tool-wb.txt 2>&1
  echo "$tool wb: $(grep -E '^ +auto' $L/$tool-wb.txt | awk '{print $2, $3, $4, $5, $6, $7}' | tr '\n' ' ') $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/$tool-wb.txt)"
done
wait; t "conformance"
cat $L/c-g30-*.txt 2>/dev/null | awk -v b="g30 default bwd" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
t end
