#!/usr/bin/env bash
# call 5: the committed form. fin = main da21826 + the re-read kernel's late fold for f32 heads (SMAX_REREAD_LATE_FOLD,
# compile-time; 16-bit heads staged as before); lt = call 4's build with the switch off (main's re-read path).
# (a) smax-bench ABBA lt / fin / fin / lt; (b) CUDA conformance of fin: forward variants default tier under
# SMAX_TEST_REREAD=1 and without, large tier f32 forward; (c) compute-sanitizer of fin under SMAX_TEST_REREAD=1.
set -u
S=/tmp; for b in lt fin; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "lt / fin $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s; ", s, $4, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
set1() { R $1 $2-f32 --dtype f32 --shape 1x8388608 --shape 1x16777216 --shape 2x8388608; R $1 $2-half --dtype bf16 --shape 1x16777216; R $1 $2-f16 --dtype f16 --shape 1x33554432; R $1 $2-f32log --log --dtype f32 --shape 1x16777216; t $2; }
set1 lt A1; set1 fin B1; set1 fin B2; set1 lt A2
N=$S/stage-fin
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local tag=$1; shift; throttle
  ( LD_LIBRARY_PATH=$N timeout $((330 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^fwd')
while IFS= read -r v; do C cr-$(echo "$v" | tr -c 'a-z0-9' '_') env SMAX_TEST_REREAD=1 $N/smax_conformance --variant "$v"; done <<< "$V"
for v in 'fwd f32->f32' 'fwd f32->bf16' 'fwd f32->f16'; do C c-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done
C cl-fwd_f32 $N/smax_conformance --large --only large --variant 'fwd f32->f32'
for tool in racecheck synccheck memcheck; do
  C san-$tool env SMAX_TEST_REREAD=1 compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --algo auto --dtype f32 --shape 2x300001 --shape 1x600000 --shape 3x50257; done
wait
for f in $L/cr-*.txt $L/c-*.txt $L/cl-*.txt; do echo "$(basename $f): $(grep -E '^[0-9]+ passed' $f | tail -1) | $(tail -1 $f)"; done
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(tail -1 $f)"; done
t end
