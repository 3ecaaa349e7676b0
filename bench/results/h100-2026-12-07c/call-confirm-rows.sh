#!/usr/bin/env bash
# call-confirm-rows.sh (H100 or H200; say which; prepared, stop 108): A B B A, c8a4b4b's plans (cu-9cc: 9cc15bf's finer
# exchange chunks at any rows) against HEAD's (cu-head: 6035576's bound, SMAX_EXCHANGE_FINE_ROUNDS) at the shapes
# 6035576 moves that call 3 did not measure (confirm-rows-*.txt), then compute-sanitizer racecheck and memcheck over
# two of HEAD's moved plans. smax-bench --algo auto, % of copy in the same run.
# Run: END=300 bash bench/results/h100-2026-12-07c/call-confirm-rows.sh (carry .dev/stage/cu-9cc.txz, cu-head.txz;
# made by build-rows.sh)
set -u
R=bench/results/h100-2026-12-07c; S=/tmp; END=${END:-300}
for b in cu-9cc cu-head; do rm -rf $S/stage-$b; tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; left() { echo $((END-(SECONDS-t0))); }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
for b in cu-9cc cu-head cu-head cu-9cc; do
  N=$S/stage-$b
  for d in bwd fwd; do
    [ $(left) -lt 60 ] && { echo "$b-$d: skipped (time)"; continue; }
    [ $d = bwd ] && D=--backward || D=; tag=$b-$d-$SECONDS
    LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.15 --algo auto \
      --shapes $R/confirm-rows-$d.txt --dtype f32 $D > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
    echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %s %s %s%%; ", s, $3, $4, $i, $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"
  done
done
N=$S/stage-cu-head
for tool in racecheck memcheck; do
  [ $(left) -lt 50 ] && { echo "$tool: skipped (time)"; continue; }
  LD_LIBRARY_PATH=$N timeout 45 compute-sanitizer --tool $tool --print-limit 5 --error-exitcode 99 $N/smax-bench \
    --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto --dtype f32 --backward \
    --shape 4x2097152 --shape 2x2621440 > $L/san-$tool.txt 2>&1; echo "exit $?" >> $L/san-$tool.txt
  echo "san-$tool: $(grep -hE "SUMMARY" $L/san-$tool.txt | tr '\n' ' ') $(grep -c " ok " $L/san-$tool.txt) ok; $(tail -1 $L/san-$tool.txt)"
done
echo "[$((SECONDS-t0)) s] end"
