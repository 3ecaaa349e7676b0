#!/usr/bin/env bash
# call 4: the re-read kernel's head copies in flight while the tail streams (smax_held_keep_issue / _fold), one group
# reduction for head and tail. lt = main da21826 + working tree, SMAX_DEV_LATE=1 switches it on (flags 0x400); tr3 = the
# same + globaltimer stamps (start, head issued/kept, partial reduced, total, written). (a) traces; (b) smax-bench ABBA
# A = off, B = on; (c) conformance with it on (default forward variants under SMAX_TEST_REREAD=1, large tier f32/bf16);
# (d) sanitizers.
set -u
S=/tmp; for b in lt tr3; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "lt / tr3 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
T() { local tag=$1; shift; local N=$S/stage-tr3 E=()
  while [[ "${1:-}" == *=* ]]; do E+=("$1"); shift; done
  env LD_LIBRARY_PATH=$N "${E[@]}" timeout 30 $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.001 --batch-ms 0.05 --algo auto "$@" > $L/tr-$tag.txt 2>&1; }
T f32-24-off --dtype f32 --shape 1x16777216
T f32-24-on SMAX_DEV_LATE=1 --dtype f32 --shape 1x16777216
T bf16-24-off --dtype bf16 --shape 1x16777216
T bf16-24-on SMAX_DEV_LATE=1 --dtype bf16 --shape 1x16777216
python3 .dev/calls/s21/trc_an.py $L/tr-*.txt; t traces
N=$S/stage-lt
R() { local tag=$1; shift
  [ $SECONDS -gt 300 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s; ", s, $4, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
set1() { R $1-f32 --dtype f32 --shape 1x8388608 --shape 1x16777216 --shape 2x8388608; R $1-half --dtype bf16 --shape 1x16777216 --shape 1x8388608; R $1-f16 --dtype f16 --shape 1x33554432; R $1-log --log --dtype bf16,f32 --shape 1x16777216; t $1; }
set1 A1; (export SMAX_DEV_LATE=1; set1 B1; set1 B2); set1 A2
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local tag=$1; shift; throttle
  ( LD_LIBRARY_PATH=$N SMAX_DEV_LATE=1 timeout $((570 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^fwd')
while IFS= read -r v; do C cr-$(echo "$v" | tr -c 'a-z0-9' '_') env SMAX_TEST_REREAD=1 $N/smax_conformance --variant "$v"; done <<< "$V"
for v in 'fwd f32->f32' 'fwd bf16->bf16'; do C cl-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --large --only large --variant "$v"; done
for tool in racecheck synccheck memcheck; do for a in "--dtype f32" "--dtype bf16"; do
  C san-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') env SMAX_TEST_REREAD=1 compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --algo auto $a --shape 2x300001 --shape 1x600000 --shape 3x50257; done; done
wait
for f in $L/cr-*.txt $L/cl-*.txt; do echo "$(basename $f): $(grep -E '^[0-9]+ passed' $f | tail -1) | $(tail -1 $f)"; done
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(tail -1 $f)"; done
t end
