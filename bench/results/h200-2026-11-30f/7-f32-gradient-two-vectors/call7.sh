#!/usr/bin/env bash
# call 7 (twenty-ninth session, H200): the f32 -> 16-bit gradient's on-chip lanes halved down to k vectors a lane
# (d42 = a393551 + SMAX_DEV_WVEC=k; 0 = the commit's plan), A B C C B A over k = 0, 2, 3; conformance of k = 2.
set -u
S=/tmp; for b in d42; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "d42 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 e=$3; shift 3
  env $e LD_LIBRARY_PATH=$S/stage-$b timeout 60 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
CP=(); C() { local tag=$1; shift; ( SMAX_DEV_WVEC=2 LD_LIBRARY_PATH=$S/stage-d42 timeout $((230 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
i=0; for k in 0 2 3 3 2 0; do i=$((i+1))
  R w-f16-$i-$k d42 SMAX_DEV_WVEC=$k --backward --dtype f16,f32 $(SH 513 575 913 1149 1500 2500 5000)
  R w-bf16-$i-$k d42 SMAX_DEV_WVEC=$k --backward --dtype bf16,f32 $(SH 575 1149 2500)
  R logw-$i-$k d42 SMAX_DEV_WVEC=$k --backward --log --dtype f16,f32 $(SH 575 1149); done; t rounds
N=$S/stage-d42
for v in "bwd y,dy:f32 dx:f16" "bwd y,dy:f32 dx:bf16"; do C c-d42-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done
wait; t conformance
cat $L/c-d42-*.txt 2>/dev/null | awk -v b="d42 k=2 f32 -> 16-bit bwd" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
grep -h "FAIL" $L/c-*.txt | head -5
t end
