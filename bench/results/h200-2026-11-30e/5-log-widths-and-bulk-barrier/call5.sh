#!/usr/bin/env bash
# call 5 (twenty-eighth session, H200): k33 = main 43adb15 + a warp barrier after the bulk-copy barrier's init
# (SMAX_BULK_BAR_READY, for racecheck's warning of call 4) + a plan knob SMAX_DEV_LOG_MIN_WIDTH (forward 16-bit
# log-softmax rows of one warp's row slot stay tiles from this many elements a lane; main 15). (a) the knob at 15 / 10,
# A B B A; (b) n32 (43adb15's kernels) against k33 at bulk-copy shapes, A B B A; (c) racecheck and synccheck of the
# cluster kernels, forward and gradient, n32 and k33; (d) k33's CUDA conformance of the bulk-copy variants.
set -u
S=/tmp; for b in n32 k33; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "n32 / k33 (sm_90 builds) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 e=$3; shift 3
  [ $SECONDS -gt 240 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$S/stage-$b timeout 60 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s/%s %s (%s)|", s, $(NF-2), c, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
ABBA() { local k=$1; shift; i=0; for j in 0 1 1 0; do i=$((i+1)); R $k-$i-$j ${V[$j]% *} "${V[$j]#* }" "$@"; done; t $k; }
V=("k33 SMAX_DEV_LOG_MIN_WIDTH=15" "k33 SMAX_DEV_LOG_MIN_WIDTH=10")
ABBA logw --log --dtype bf16 $(SH 300 330 363 400 440)
ABBA logwf16 --log --dtype f16 $(SH 300 363 440)
ABBA logwmix --log --dtype bf16,f16 $(SH 330 400)
V=("n32 X=0" "k33 X=0")
ABBA bulk --dtype bf16 $(SH 50257 65536 262144)
ABBA bulkg --backward --dtype bf16 $(SH 50257 65536)
ABBA bulkgf --backward --dtype f32 $(SH 50257 100000)
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((560 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
B="--no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto --shape 9x16384 --shape 3x65536 --shape 2x100000"
for b in n32 k33; do for tool in racecheck synccheck; do for a in "--dtype bf16" "--backward --dtype bf16" "--backward --dtype f32" "--dtype bf16,f32"; do
  C $b cl-$b-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $S/stage-$b/smax-bench $B $a; done; done; done
C k33 cl-k33-memcheck-bf16 compute-sanitizer --tool memcheck $S/stage-k33/smax-bench $B --dtype bf16
C k33 cl-k33-memcheck-bwd-bf16 compute-sanitizer --tool memcheck $S/stage-k33/smax-bench $B --backward --dtype bf16
N=$S/stage-k33
VV=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep -E 'bf16->bf16|f16->f16|y,dy:bf16|y,dy:f32 dx:f32|y,dy:f16')
while IFS= read -r v; do C k33 c-k33-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$VV"
for v in "fwd bf16->bf16" "bwd y,dy:bf16 dx:bf16" "bwd y,dy:f32 dx:f32"; do C k33 L-k33-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --large --only large --variant "$v"; done
t "queued"; wait; t "all done"
cat $L/c-*.txt 2>/dev/null | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "k33 default: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
cat $L/L-*.txt 2>/dev/null | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "k33 large: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
grep -l '^exit [^0]' $L/c-*.txt $L/L-*.txt; grep -h "FAIL" $L/c-*.txt $L/L-*.txt | head -10
for f in $L/cl-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(grep -E '^ +auto' $f | awk '{print $2, $3, $4, $5, $6}' | tr '\n' ';') $(tail -1 $f)"; done
for f in $L/cl-*racecheck*.txt; do grep -h -A2 "Race reported" $f | head -3; done
t end
