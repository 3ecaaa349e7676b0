#!/usr/bin/env bash
# call 4 (thirty-first session, H200): e1 = the deep kernel without __launch_bounds__, batches BB 5, BW 3, FB 2, FF 3,
# the 16-bit gradient's lanes at most 5 vectors (bwd_deep_lanes); e2, e3 = e1 with FF 4, 5 (-DSMAX_DEV_FF). s = e1 with
# SMAX_DEV_DEEP=0 (every row shallow, as main). A B B A (A B C D D C B A for the f32 gradient); then e1's conformance
# of every gradient variant, memcheck and racecheck at deep rows.
set -u
S=/tmp; for b in e1 e2 e3; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "e1 e2 e3 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 e=$3; shift 3; local B=$S/stage-$b
  env $e LD_LIBRARY_PATH=$B timeout 90 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
i=0; for v in s e1 e1 s; do i=$((i+1)); b=$v; e=X=0; [ $v = s ] && b=e1 && e=SMAX_DEV_DEEP=0
  R bb-$i-$v $b $e --algo auto --backward --dtype bf16 $(SH 575 1025 1149 1500 2049 2897 4097 6001)
  R bh-$i-$v $b $e --algo auto --backward --dtype f16 $(SH 575 1149 1500 2897)
  R bl-$i-$v $b $e --algo auto --log --backward --dtype bf16 $(SH 575 1149 2897)
  R wf-$i-$v $b $e --algo auto --backward --dtype f32,bf16 $(SH 145 287 575 1500 3001 6001)
  R fb-$i-$v $b $e --algo auto --backward --dtype bf16,f32 $(SH 575 913 1149 1700 3001 4001)
  R fh-$i-$v $b $e --algo auto --backward --dtype f16,f32 $(SH 575 1149 2500)
done; t ab
i=0; for v in s e1 e2 e3 e3 e2 e1 s; do i=$((i+1)); b=$v; e=X=0; [ $v = s ] && b=e1 && e=SMAX_DEV_DEEP=0
  R ff-$i-$v $b $e --algo auto --backward --dtype f32 $(SH 2299 3001 4097 5000 6001)
  R fl-$i-$v $b $e --algo auto --log --backward --dtype f32 $(SH 3001 6001)
done; t ff
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 12 ] && break; sleep 1; done; }
C() { local tag=$1; shift; local M=$S/stage-e1; throttle
  ( LD_LIBRARY_PATH=$M timeout $((560 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
N=$S/stage-e1
VV=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^bwd')
while IFS= read -r v; do C c-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$VV"
B="--no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0"
for tool in memcheck racecheck; do
  LD_LIBRARY_PATH=$N timeout 100 compute-sanitizer --tool $tool $N/smax-bench $B --algo auto --backward --dtype bf16 --shape 1001x575 --shape 301x1500 --shape 77x2897 > $L/$tool-bb.txt 2>&1
  LD_LIBRARY_PATH=$N timeout 100 compute-sanitizer --tool $tool $N/smax-bench $B --algo auto --backward --dtype f32 --shape 301x3001 --shape 99x6001 > $L/$tool-ff.txt 2>&1
  LD_LIBRARY_PATH=$N timeout 100 compute-sanitizer --tool $tool $N/smax-bench $B --algo auto --backward --dtype bf16,f32 --shape 301x575 --shape 99x3001 > $L/$tool-fb.txt 2>&1
  LD_LIBRARY_PATH=$N timeout 100 compute-sanitizer --tool $tool $N/smax-bench $B --algo auto --backward --dtype f32,f16 --shape 1001x287 --shape 99x1500 > $L/$tool-wf.txt 2>&1
  for k in bb ff fb wf; do echo "$tool $k: $(grep -E '^ +auto' $L/$tool-$k.txt | awk '{print $2, $3, $4, $5, $6, $7}' | tr '\n' ' ') $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/$tool-$k.txt)"; done
done; t sanitizer
wait; t conformance
cat $L/c-*.txt 2>/dev/null | awk -v b="e1 default bwd" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
t end
