#!/usr/bin/env bash
# call 6 (twenty-fourth session, H200): A = d90 (09eb365: the gradient tiles' unrolled butterfly for row slots of at
# most a warp; sm_90 only), B = e90 (d90 + the same for the butterfly over the warps of a wider slot: e90.diff).
# A B B A at 16-bit gradient tiles of 513-1300 columns; then conformance of every gradient variant on CUDA (e90).
set -u
S=/tmp; for b in d90 e90; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "A d90 / B e90 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2
  [ $SECONDS -gt 120 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$S/stage-$b timeout 60 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s/%s %s (%s)|", s, $(NF-2), c, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
ABBA() { local k=$1; shift; i=0; for b in d90 e90 e90 d90; do i=$((i+1)); R $k-$i-$b $b "$@"; done; t $k; }
ABBA bf16b --backward --dtype bf16 $(SH 513 575 640 725 800 913 1025 1149 1300 457)
ABBA f16b --backward --dtype f16 $(SH 575 1149)
ABBA logb --backward --log --dtype bf16 $(SH 575 1149)
N=$S/stage-e90
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'bwd[^']+'" | tr -d "'")
while IFS= read -r v; do
  ( LD_LIBRARY_PATH=$N timeout $((250 - SECONDS)) $N/smax_conformance --variant "$v" > $L/c-$(echo "$v" | tr -c 'a-z0-9' '_').txt 2>&1; echo "exit $?" >> $L/c-$(echo "$v" | tr -c 'a-z0-9' '_').txt ) &
done <<< "$V"
wait; t "conformance done"
cat $L/c-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "cuda e90 default bwd: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
grep -h "FAIL" $L/c-*.txt | head -5
t end
