#!/usr/bin/env bash
# call 3 (twenty-seventh session, H200): k27 = the working tree (row passes compiled for the row slot's lanes, forward
# and gradient tiles) + k27-plan-knob.diff (SMAX_DEV_FWD16_TILE_UPTO=c: forward rows of two 16-bit sides up to c
# columns stay tiles where on-chip memory outpaces). m27 = main c51a8d7. A B B A; k27's CUDA conformance (gradient
# variants, default tier) and compute-sanitizer at gradient tile shapes.
set -u
S=/tmp; for b in m27 k27; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m27 / k27 (sm_90 builds) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 e=$3; shift 3
  [ $SECONDS -gt 300 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$S/stage-$b timeout 60 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s/%s %s (%s)|", s, $(NF-2), c, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
ABBA() { local k=$1; shift; i=0; for j in 0 1 1 0; do i=$((i+1)); R $k-$i-$j ${V[$j]% *} "${V[$j]#* }" "$@"; done; t $k; }
N=$S/stage-k27
VV=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep bwd)
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local tag=$1; shift; throttle
  ( LD_LIBRARY_PATH=$N timeout $((540 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
V=("k27 X=0" "k27 SMAX_DEV_FWD16_TILE_UPTO=2048")
ABBA t16 --dtype bf16 $(SH 287 320 363 400 457 500 511 575 725 1149)
ABBA t16h --dtype f16 $(SH 363 457 575)
ABBA t16l --log --dtype bf16 $(SH 363 457 575)
V=("m27 X=0" "k27 X=0")
ABBA gb --backward --dtype bf16 $(SH 100 145 229 287 363 457 575 1149)
ABBA gh --backward --dtype f16,f32 $(SH 145 229 457)
ABBA gl --backward --log --dtype bf16 $(SH 145 229 457)
ABBA gf --backward --dtype f32 $(SH 145 287)
SF="--shape 1000x100 --shape 1000x145 --shape 999x229 --shape 333x287 --shape 300x457 --shape 7x145 --shape 17x9 --shape 3000x33 --shape 5x3 --shape 20000x127 --shape 100x17 --shape 77x500"
for tool in racecheck synccheck memcheck; do for a in "--backward --dtype bf16" "--backward --log --dtype f16" "--backward --dtype bf16,f32" "--backward --dtype f32"; do
  C san-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto $a $SF; done; done
while IFS= read -r v; do C c-cuda-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$VV"
t "queued"; wait; t "all done"
cat $L/c-cuda-*.txt 2>/dev/null | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "k27 conformance bwd: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(tail -1 $f)"; done
t end
