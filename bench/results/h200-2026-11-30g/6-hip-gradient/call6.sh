#!/usr/bin/env bash
# call 6 (thirtieth session, H200): HIP on NVIDIA at c0b557e's plan (hip30, built from 54da28b): every gradient
# variant's conformance (default tier), and the mixed-width gradient's plans at the moved rows (auto, one round).
set -u
S=/tmp; for b in hip30; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "hip30 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 e=$3; shift 3
  env $e LD_LIBRARY_PATH=$S/stage-$b timeout 60 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
R wb-1-hip30 hip30 X=0 --algo auto --backward --dtype f32,bf16 $(SH 100 287 733 1700 3001)
R nb-1-hip30 hip30 X=0 --algo auto --backward --dtype bf16,f32 $(SH 913 1700 3501)
t bench
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 12 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((185 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
H=$S/stage-hip30
VH=$(LD_LIBRARY_PATH=$H $H/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^bwd')
while IFS= read -r v; do C hip30 c-hip-$(echo "$v" | tr -c 'a-z0-9' '_') $H/smax_conformance --variant "$v"; done <<< "$VH"
wait; t conformance
cat $L/c-hip-*.txt 2>/dev/null | awk -v b="hip30 default bwd" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
t end
