#!/usr/bin/env bash
# call 6 (twenty-eighth session, H200): main f15e9c7 as committed (f15; hipf15 HIP on NVIDIA) against 43adb15 (n32):
# A B B A at the log-softmax rows that moved to tiles and at shapes the change leaves alone; CUDA conformance, default
# tier, every variant, and the large tier (f32 and bf16, both directions); HIP on NVIDIA's forward variants;
# compute-sanitizer at the new log-softmax tiles and the cluster kernels.
set -u
S=/tmp; for b in n32 f15 hipf15; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "n32 (43adb15) / f15 (f15e9c7), hipf15 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 e=$3; shift 3
  [ $SECONDS -gt 100 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$S/stage-$b timeout 60 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s/%s %s (%s)|", s, $(NF-2), c, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
ABBA() { local k=$1; shift; i=0; for j in 0 1 1 0; do i=$((i+1)); R $k-$i-$j ${V[$j]% *} "${V[$j]#* }" "$@"; done; t $k; }
V=("n32 X=0" "f15 X=0")
ABBA log --log --dtype bf16 $(SH 300 330 363 420 448) --shape 2000x363
ABBA same --dtype bf16 $(SH 145 363 65536)
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((400 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
N=$S/stage-f15
SF="--shape 1000x330 --shape 333x363 --shape 301x420 --shape 77x448 --shape 5x321 --shape 3000x400"
for tool in racecheck synccheck memcheck; do for a in "--log --dtype bf16" "--log --dtype f16,bf16"; do
  C f15 san-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto $a $SF; done; done
for a in "--dtype bf16" "--backward --dtype f32"; do
  C f15 cl-racecheck-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool racecheck $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto $a --shape 9x16384 --shape 3x65536; done
VV=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
while IFS= read -r v; do C f15 c-f15-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$VV"
for v in "fwd f32->f32" "fwd bf16->bf16" "bwd y,dy:f32 dx:f32" "bwd y,dy:bf16 dx:bf16"; do C f15 L-f15-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --large --only large --variant "$v"; done
H=$S/stage-hipf15
VH=$(LD_LIBRARY_PATH=$H $H/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^fwd')
while IFS= read -r v; do C hipf15 c-hip-$(echo "$v" | tr -c 'a-z0-9' '_') $H/smax_conformance --variant "$v"; done <<< "$VH"
t "queued"; wait; t "all done"
for k in f15 hip; do for d in fwd bwd; do
  cat $L/c-$k-${d}_*.txt 2>/dev/null | awk -v b="$k default $d" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'; done; done
cat $L/L-*.txt 2>/dev/null | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "f15 large: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
grep -l '^exit [^0]' $L/c-*.txt $L/L-*.txt; grep -h "FAIL" $L/c-*.txt $L/L-*.txt | head -10
for f in $L/san-*.txt $L/cl-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(grep -E '^ +auto' $f | awk '{print $3, $4, $5, $6}' | tr '\n' ';') $(tail -1 $f)"; done
t end
