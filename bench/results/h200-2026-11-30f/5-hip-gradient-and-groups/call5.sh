#!/usr/bin/env bash
# call 5 (twenty-ninth session, H200): (a) HIP on NVIDIA at 4c64046's plan (hip39): the mixed-width gradient's plans
# and every gradient variant's conformance; (b) the on-chip gradient's group size (d40 = 4c64046 + SMAX_DEV_ONCHIP_GROUP),
# A B C C B A over the default (256), 128 and 64 items, bf16 575, 1149, 2897 and f32 -> f16 575, 1149.
set -u
S=/tmp; for b in d40 hip39; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "d40 / hip39 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 e=$3; shift 3
  env $e LD_LIBRARY_PATH=$S/stage-$b timeout 90 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
i=0; for g in 0 128 64 64 128 0; do i=$((i+1))
  R grp-bf16-$i-$g d40 SMAX_DEV_ONCHIP_GROUP=$g --backward --dtype bf16 $(SH 575 1149 2897)
  R grp-w-$i-$g d40 SMAX_DEV_ONCHIP_GROUP=$g --backward --dtype f16,f32 $(SH 575 1149); done; t groups
R hip-w hip39 X=0 --backward --dtype f16,f32 $(SH 575 1149 2048); R hip-n hip39 X=0 --backward --dtype f32,f16 $(SH 287 2048); t hipbench
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 12 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((500 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
H=$S/stage-hip39
VH=$(LD_LIBRARY_PATH=$H $H/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^bwd')
echo "hip variants: $(echo "$VH" | wc -l)"
while IFS= read -r v; do C hip39 c-hip-$(echo "$v" | tr -c 'a-z0-9' '_') $H/smax_conformance --variant "$v"; done <<< "$VH"
wait; t conformance
cat $L/c-hip-*.txt 2>/dev/null | awk -v b="hip39 default bwd" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
t end
