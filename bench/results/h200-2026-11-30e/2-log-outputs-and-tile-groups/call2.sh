#!/usr/bin/env bash
# call 2 (twenty-eighth session, H200): (a) l31 = log-softmax outputs without a select an element and from the
# exponential's argument (tile passes), smax_fused's output pass compiled apart, masked zero rows written apart
# (smax_fused and smax_held_write), against main 2ace197 (c29): A B B A at log-softmax shapes; CUDA conformance of
# l31 (default tier, forward variants; large tier f32 and bf16 forward); compute-sanitizer of l31 and of main at
# log-softmax shapes and at the cluster kernel's rows (9 x 16384), where call 1 saw racecheck warnings and a synccheck
# abort; (b) k31 = l31 + SMAX_DEV_TILE_GROUP (every tile plan's group forced): groups of 256 / 128 / 64 over the tiles
# with an f32 side and the gradient's tiles, A B C C B A.
set -u
S=/tmp; for b in c29 l31 k31; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "c29 (main) / l31 / k31 (sm_90 builds) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 e=$3; shift 3
  [ $SECONDS -gt 330 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$S/stage-$b timeout 60 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s/%s %s (%s)|", s, $(NF-2), c, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
ABBA() { local k=$1; shift; i=0; for j in 0 1 1 0; do i=$((i+1)); R $k-$i-$j ${V[$j]% *} "${V[$j]#* }" "$@"; done; t $k; }
ABCCBA() { local k=$1; shift; i=0; for j in 0 1 2 2 1 0; do i=$((i+1)); R $k-$i-$j ${V[$j]% *} "${V[$j]#* }" "$@"; done; t $k; }
V=("c29 X=0" "l31 X=0")
ABBA log --log --dtype bf16 $(SH 33 100 145 229 363 470)
ABBA logf16 --log --dtype f16 $(SH 145 1149)
ABBA soft --dtype bf16 $(SH 145 363)
V=("k31 SMAX_DEV_TILE_GROUP=256" "k31 SMAX_DEV_TILE_GROUP=128" "k31 SMAX_DEV_TILE_GROUP=64")
ABCCBA mix --dtype bf16,f32 $(SH 100 145 363)
ABCCBA mixlog --log --dtype bf16,f32 $(SH 145)
ABCCBA f32bf --dtype f32,bf16 $(SH 145 287)
ABCCBA gb --backward --dtype bf16 $(SH 145 457 575 1149)
ABCCBA gblog --backward --log --dtype bf16 $(SH 145 575)
N=$S/stage-l31
VV=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^fwd')
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local tag=$1; shift; throttle
  ( LD_LIBRARY_PATH=$(dirname $1) timeout $((570 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
SF="--shape 1000x100 --shape 1000x145 --shape 999x229 --shape 333x287 --shape 300x457 --shape 301x363 --shape 7x145 --shape 17x9 --shape 3000x33 --shape 5x3 --shape 20000x127 --shape 77x500 --shape 40x2299"
for tool in racecheck synccheck memcheck; do for a in "--log --dtype bf16" "--log --dtype f16,f32" "--log --dtype f32"; do
  C san-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto $a $SF; done; done
for b in c29 l31; do for tool in racecheck synccheck; do for a in "--dtype bf16" "--dtype f32" "--log --dtype f32"; do
  C cl-$b-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $S/stage-$b/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto $a --shape 9x16384 --shape 3x65536; done; done; done
while IFS= read -r v; do C c-cuda-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$VV"
for v in "fwd f32->f32" "fwd bf16->bf16"; do C L-cuda-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --large --only large --variant "$v"; done
t "queued"; wait; t "all done"
cat $L/c-cuda-*.txt 2>/dev/null | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "l31 conformance default: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
cat $L/L-cuda-*.txt 2>/dev/null | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "l31 conformance large: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
grep -l '^exit [^0]' $L/c-*.txt $L/L-*.txt; grep -h "FAIL" $L/c-*.txt $L/L-*.txt | head -10
for f in $L/san-*.txt $L/cl-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(grep -c ERROR $f) ERROR | $(tail -1 $f)"; done
t end
