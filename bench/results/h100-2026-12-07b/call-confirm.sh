#!/usr/bin/env bash
# call-confirm.sh (H100 or H200; say which): (1) A B B A, 4954c19's plans (cu-prev) against HEAD's (cu-head) at the
# shapes 9cc15bf moves that call 4 did not measure (confirm-*.txt); (2) HEAD alone over sweep-fine.txt (64 rows of
# 1M to 5M columns by 256K, f32 gradient and forward): cliffs left where a unit holds few rows; (3) compute-sanitizer
# memcheck, racecheck, synccheck (concurrently, after the timings) over finer-chunk plans of HEAD (the gradient 2 x 2M:
# 512 chunks, 4 a unit; 4 x 1.25M: 320, 3 a unit; the forward 8 x 2.5M: 320).
# smax-bench --algo auto, % of copy in the same run.
# Run: END=400 bash bench/results/h100-2026-12-07b/call-confirm.sh (carry .dev/stage/cu-prev.txz, cu-head.txz; made
# by build-next.sh)
set -u
R=bench/results/h100-2026-12-07b; S=/tmp; END=${END:-420}
for b in cu-prev cu-head; do rm -rf $S/stage-$b; tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; left() { echo $((END-(SECONDS-t0))); }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
SB() { local tag=$1 b=$2 shapes=$3; shift 3; local N=$S/stage-$b
  [ $(left) -lt 60 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 110 $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto --shapes $shapes "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %s %s %s%%; ", s, $3, $4, $i, $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
for b in cu-prev cu-head cu-head cu-prev; do
  SB $b-bwd-$SECONDS $b $R/confirm-f32-bwd.txt --dtype f32 --backward
  SB $b-fwd-$SECONDS $b $R/confirm-f32-fwd.txt --dtype f32
done
echo "[$((SECONDS-t0)) s] A/B"
SB sweep-bwd cu-head $R/sweep-fine.txt --dtype f32 --backward
SB sweep-fwd cu-head $R/sweep-fine.txt --dtype f32
echo "[$((SECONDS-t0)) s] timings"
SAN() { local tool=$1 N=$S/stage-cu-head
  ( cd $L; LD_LIBRARY_PATH=$N timeout 150 compute-sanitizer --tool $tool --print-limit 5 --error-exitcode 99 $N/smax-bench \
      --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto --dtype f32 --backward \
      --shape 2x2097152 --shape 4x1310720 > san-$tool-bwd.txt 2>&1; echo "exit $?" >> san-$tool-bwd.txt
    LD_LIBRARY_PATH=$N timeout 100 compute-sanitizer --tool $tool --print-limit 5 --error-exitcode 99 $N/smax-bench \
      --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto --dtype f32 --shape 8x2621440 \
      > san-$tool-fwd.txt 2>&1; echo "exit $?" >> san-$tool-fwd.txt ) &
}
for tool in memcheck racecheck synccheck; do SAN $tool; done; wait
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -hE "SUMMARY" $f | tr '\n' ' ') $(grep -c " ok " $f) ok; $(tail -1 $f)"; done
echo "[$((SECONDS-t0)) s] end"
