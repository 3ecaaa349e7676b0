#!/usr/bin/env bash
# call 1 (thirtieth session, H200): main 24cba32 (m30) on a GPU: (a) 7aaae8c's committed plan, the f32 -> 16-bit gradient
# rows (auto, two rounds); (b) 666fdfc's SMAX_CLUSTERS: plans and verification under 0, 8, unset at cluster shapes, and
# synccheck at the shapes that faulted with 15-16 groups, capped at 8; (c) ncu of the 16 -> f32 and f32 -> bf16 gradient
# rows still under 90%; (d) CUDA conformance, every variant, default tier, and the large tier.
set -u
S=/tmp; for b in m30; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m30 (24cba32) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
compute-sanitizer --version | tail -1
R() { local tag=$1 b=$2 e=$3; shift 3
  env $e LD_LIBRARY_PATH=$S/stage-$b timeout 90 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
# (a) quiet GPU first
for r in 1 2; do
  R n-f16-$r m30 X=0 --algo auto --backward --dtype f16,f32 $(SH 513 575 913 1149 1500 2500)
  R n-bf16-$r m30 X=0 --algo auto --backward --dtype bf16,f32 $(SH 575 913 1149 1500 2500)
  R n-f16log-$r m30 X=0 --algo auto --log --backward --dtype f16,f32 $(SH 575 1149 1500)
  R w-f16-$r m30 X=0 --algo auto --backward --dtype f32,f16 $(SH 287 575 1149 1500 2048)
done; t grad
# (b) the cluster cap: plans and results at cluster shapes
for c in unset 0 8; do
  e=X=0; [ $c != unset ] && e=SMAX_CLUSTERS=$c
  R cap-$c-f32 m30 $e --algo auto --dtype f32 --shape 9x16384 --shape 2x32768 --shape 1024x65536 --shape 256x262144 --shape 32x32000
  R cap-$c-bf16 m30 $e --algo auto --dtype bf16 --shape 9x32768 --shape 1024x131072 --shape 256x524288
  R cap-$c-bwd m30 $e --algo auto --backward --dtype f32 --shape 9x16384 --shape 1024x65536 --shape 256x262144
done; t cap
B="--no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0"
for sh in 9x16384 2x32768 9x32768; do for c in unset 8; do
  e=X=0; [ $c != unset ] && e=SMAX_CLUSTERS=$c
  env $e LD_LIBRARY_PATH=$S/stage-m30 timeout 90 compute-sanitizer --tool synccheck $S/stage-m30/smax-bench $B --algo auto --dtype f32 --shape $sh > $L/sync-$c-$sh.txt 2>&1
  echo "synccheck SMAX_CLUSTERS=$c f32 $sh: $(grep -E '^ +auto' $L/sync-$c-$sh.txt | awk '{print $2, $3, $4, $5, $6, $7}') $(grep -m1 -i 'illegal' $L/sync-$c-$sh.txt | cut -c1-80) $(grep 'ERROR SUMMARY' $L/sync-$c-$sh.txt)"; done; done
for tool in synccheck racecheck; do
  SMAX_CLUSTERS=8 LD_LIBRARY_PATH=$S/stage-m30 timeout 120 compute-sanitizer --tool $tool $S/stage-m30/smax-bench $B --algo auto --backward --dtype f32 --shape 9x16384 --shape 4x65536 > $L/$tool-bwd-8.txt 2>&1
  echo "$tool SMAX_CLUSTERS=8 bwd f32 9x16384 4x65536: $(grep -E '^ +auto' $L/$tool-bwd-8.txt | awk '{print $2, $3, $4, $5, $6, $7}' | tr '\n' ' ') $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/$tool-bwd-8.txt)"; done
t sync
# (c) ncu of gradient rows under 90
NC() { local tag=$1; shift; LD_LIBRARY_PATH=$S/stage-m30 timeout 90 ncu --section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats --section InstructionStats --section MemoryWorkloadAnalysis \
  -k regex:smax --launch-skip 3 --launch-count 1 $S/stage-m30/smax-bench --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 --algo auto "$@" > $L/ncu-$tag.txt 2>&1
  echo "ncu $tag: $(grep -E '^ +(Duration|DRAM Throughput|Compute \(SM\) Throughput|Registers Per Thread|Achieved Occupancy|Executed Instructions |Block Size|Grid Size|Issue Slots Busy|Dynamic Shared Memory Per Block|Block Limit Registers|Block Limit Shared Mem)' $L/ncu-$tag.txt | awk '{printf "%s=%s ", $1" "$2, $NF}')"; }
NC f16f32-287 --backward --dtype f16,f32 $(SH 287)
NC f16f32-575 --backward --dtype f16,f32 $(SH 575)
NC f16f32-1149 --backward --dtype f16,f32 $(SH 1149)
NC f32bf16-1149 --backward --dtype f32,bf16 $(SH 1149)
NC f32f16-1149 --backward --dtype f32,f16 $(SH 1149)
t ncu
# (d) conformance of m30
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 12 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((575 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
N=$S/stage-m30
VV=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
for v in "fwd f32->f32" "fwd bf16->bf16" "bwd y,dy:f32 dx:f32" "bwd y,dy:bf16 dx:bf16"; do C m30 L-m30-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --large --only large --variant "$v"; done
while IFS= read -r v; do C m30 c-m30-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$VV"
wait; t "conformance"
for d in fwd bwd; do
  cat $L/c-m30-${d}_*.txt 2>/dev/null | awk -v b="m30 default $d" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'; done
cat $L/L-*.txt 2>/dev/null | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "m30 large: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
grep -l '^exit [^0]' $L/c-*.txt $L/L-*.txt; grep -h "FAIL" $L/c-*.txt $L/L-*.txt | head -10
t end
