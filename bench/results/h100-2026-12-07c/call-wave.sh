#!/usr/bin/env bash
# call-wave.sh (H100 or H200; say which): (1) the development knob of wave-reread-knob.diff (cu-knob = c8a4b4b with
# it): chunks of a head kept on-chip and a tail re-read from the cache, for any number of rows, against main's plans
# (knob unset) over wave-shapes.txt, f32 forward and gradient: SMAX_DEV_REREAD_TAIL_KB (tail bytes a group) x
# SMAX_DEV_REREAD_SPLIT (groups a compute unit); (2) compute-sanitizer memcheck, racecheck, synccheck over
# finer-chunk plans of cu-head (gradient 2 x 2M, 4 x 1.25M; forward 8 x 2.5M) and racecheck over the knob's plans
# (64 KB tails, 1 and 2 groups a unit); (3, in the time left) A B B A, 4954c19's plans (cu-prev) against c8a4b4b's
# (cu-head) at the shapes 9cc15bf moves that h100-2026-12-07b call 4 did not measure (../h100-2026-12-07b/confirm-*.txt).
# smax-bench --algo auto, % of copy in the same run.
# Run: END=420 bash bench/results/h100-2026-12-07c/call-wave.sh (carry .dev/stage/cu-knob.txz, cu-prev.txz,
# cu-head.txz; made by ../h100-2026-12-07b/build-next.sh, cu-knob by stage.sh after applying the diff)
set -u
R=bench/results/h100-2026-12-07c; P=bench/results/h100-2026-12-07b; S=/tmp; END=${END:-540}
for b in cu-knob cu-prev cu-head; do rm -rf $S/stage-$b; tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; left() { echo $((END-(SECONDS-t0))); }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
SB() { local tag=$1 b=$2 shapes=$3; shift 3; local N=$S/stage-$b
  [ $(left) -lt 40 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 100 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.15 --algo auto --shapes $shapes "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %s %s %s%%; ", s, $3, $4, $i, $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
for c in base 64:2 128:1 32:2 128:2 64:1 256:1; do
  [ $(left) -lt ${SAN_S:-150} ] && { echo "knob: stopped at $c (time)"; break; }
  for d in bwd fwd; do
    [ $d = bwd ] && D=--backward || D=
    if [ $c = base ]; then SB knob-base-$d cu-knob $R/wave-shapes.txt --dtype f32 $D; continue; fi
    SMAX_DEV_REREAD_TAIL_KB=${c%:*} SMAX_DEV_REREAD_SPLIT=${c#*:} SB knob-t${c%:*}-s${c#*:}-$d cu-knob $R/wave-shapes.txt --dtype f32 $D
  done
done
echo "[$((SECONDS-t0)) s] knob"
SAN() { local tool=$1 N=$S/stage-cu-head K=$S/stage-cu-knob
  ( cd $L; LD_LIBRARY_PATH=$N timeout 120 compute-sanitizer --tool $tool --print-limit 5 --error-exitcode 99 $N/smax-bench \
      --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto --dtype f32 --backward \
      --shape 2x2097152 --shape 4x1310720 > san-$tool-bwd.txt 2>&1; echo "exit $?" >> san-$tool-bwd.txt
    LD_LIBRARY_PATH=$N timeout 80 compute-sanitizer --tool $tool --print-limit 5 --error-exitcode 99 $N/smax-bench \
      --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto --dtype f32 --shape 8x2621440 \
      > san-$tool-fwd.txt 2>&1; echo "exit $?" >> san-$tool-fwd.txt
    if [ $tool = racecheck ]; then for s in 1 2; do
      SMAX_DEV_REREAD_TAIL_KB=64 SMAX_DEV_REREAD_SPLIT=$s LD_LIBRARY_PATH=$K timeout 80 compute-sanitizer --tool $tool \
        --print-limit 5 --error-exitcode 99 $K/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 \
        --algo auto --dtype f32 --shape 4x2097152 --backward > san-$tool-knob-s$s.txt 2>&1; echo "exit $?" >> san-$tool-knob-s$s.txt
    done; fi ) &
}
[ $(left) -gt 60 ] && { for tool in memcheck racecheck synccheck; do SAN $tool; done; wait; }
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -hE "SUMMARY" $f | tr '\n' ' ') $(grep -c " ok " $f) ok; $(tail -1 $f)"; done
for b in cu-prev cu-head cu-head cu-prev; do
  SB $b-bwd-$SECONDS $b $P/confirm-f32-bwd.txt --dtype f32 --backward
  SB $b-fwd-$SECONDS $b $P/confirm-f32-fwd.txt --dtype f32
done
echo "[$((SECONDS-t0)) s] A/B"
echo "[$((SECONDS-t0)) s] end"
