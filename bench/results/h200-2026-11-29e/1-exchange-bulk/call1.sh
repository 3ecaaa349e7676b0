#!/usr/bin/env bash
# call 1 (twentieth session, H200 or H100): bk3 = main e70731d/3dd6755's kernels; xb = branch next-exchange-bulk 627d2fa (staged xb.txz built from 121888e, the same kernels before the review commit),
# the gradient's device-memory exchange (rows past 16 chunks) keeping its chunk by bulk copies, at most 40 registers,
# SMAX_EXP_XB_BWD = its bytes an item (main 128). (a) bk3 / xb / xb / bk3 and xb at 192, 256 bytes an item over the
# gradient's exchange rows; (b) CUDA conformance of xb, default tier, every variant; large tier gradient; (c) sanitizers.
set -u
S=/tmp; for b in bk3 xb; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "bk3 / xb $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b
  [ $SECONDS -gt 250 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 80 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s; ", s, $4, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
sh() { local c; for c in "$@"; do printf -- "--shape %dx%d " $(( (1 << 26) / c )) $c; done; }
setx() { local b=$1 tag=$2
  R $b $tag-f32 --backward --dtype f32 $(sh 262144 524288 1048576) --shape 1024x262144 --shape 256x1048576
  R $b $tag-bf16 --backward --dtype bf16 $(sh 524288 1048576) --shape 256x1048576
  R $b $tag-mixed --backward --dtype bf16,f32 $(sh 262144 1048576); t $tag; }
setx bk3 A1; setx xb B1; SMAX_EXP_XB_BWD=192 setx xb X192; SMAX_EXP_XB_BWD=256 setx xb X256; setx xb B2; setx bk3 A2
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$N timeout $((585 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
N=$S/stage-xb
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
while IFS= read -r v; do C xb c-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$V"
wait; t conformance default done
for v in 'bwd y,dy:f32 dx:f32' 'bwd y,dy:bf16 dx:bf16'; do C xb cl-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --large --only large --variant "$v"; done
for tool in memcheck racecheck synccheck; do for a in "--dtype f32" "--dtype bf16"; do
  C xb san-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --algo auto --backward $a --shape 3x300001 --shape 2x600000; done; done
wait
cat $L/c-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "xb default: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
for f in $L/c-*.txt $L/cl-*.txt; do echo "$(basename $f): $(grep -E '^[0-9]+ passed' $f | tail -1) | $(tail -1 $f)"; done
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(tail -1 $f)"; done
t end
