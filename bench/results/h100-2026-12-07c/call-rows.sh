#!/usr/bin/env bash
# call-rows.sh (H100 or H200; say which), after call-next.sh (call 2, which found 9cc15bf's finer chunks losing at
# few rows: the f32 gradient 2 x 2M 57.8 -> 49.3, 4 x 2M 58.2 -> 52.5): the device-memory exchange's chunks a unit
# forced by the development knob of exchange-knob.diff (cu-xk = c8a4b4b with it; SMAX_DEV_EXCHANGE=one|two|fine: a
# chunk a unit, two a unit (4954c19's plan), or the share's chunks, several a unit (9cc15bf's)) by rows (2-64) over
# rows-bwd.txt and rows-fwd.txt, in the order one two fine fine two one. smax-bench --algo auto, % of copy in the
# same run. Then cu-rule (c8a4b4b with rows-rule-draft.diff: finer chunks only where the launch's chunks fill the
# places the units hold at least SMAX_EXCHANGE_FINE_ROUNDS (8) times, else 4954c19's choice) twice, knob unset.
# Run: END=330 bash bench/results/h100-2026-12-07c/call-rows.sh (carry .dev/stage/cu-xk.txz, cu-rule.txz)
set -u
R=bench/results/h100-2026-12-07c; S=/tmp; END=${END:-330}
for b in cu-xk cu-rule; do rm -rf $S/stage-$b; tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; left() { echo $((END-(SECONDS-t0))); }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
for c in one two fine rule fine two one rule; do
  N=$S/stage-cu-xk; [ $c = rule ] && N=$S/stage-cu-rule
  for d in bwd fwd; do
    [ $(left) -lt 30 ] && { echo "$c-$d: skipped (time)"; continue; }
    [ $d = bwd ] && D=--backward || D=; tag=$c-$d-$SECONDS
    SMAX_DEV_EXCHANGE=${c/rule/} LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.15 --algo auto \
      --shapes $R/rows-$d.txt --dtype f32 $D > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
    echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %s %s %s%%; ", s, $3, $4, $i, $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"
  done
done
echo "[$((SECONDS-t0)) s] end"
