#!/usr/bin/env bash
# call-unit-chunks.sh (H100): the device-memory exchange at K chunks a compute unit (unit-chunks-knob.diff, a
# development knob never on main: SMAX_DEV_UNIT_CHUNKS=K runs K a unit wherever that plan stands; 0: main's plan),
# f32 forward (knob-fwd.txt) and gradient (knob-bwd.txt) at 64 rows of 1M to 4M columns, K in the order
# 0 2 3 4 4 3 2 0 as time allows. smax-bench --algo auto, % of copy in the same run.
# Run: END=540 bash bench/results/h100-2026-12-07b/call-unit-chunks.sh (carry .dev/stage/cu-k.txz: 4954c19 + the
# knob, CUDA sm_90, staged by ../h100-2026-12-06b/stage.sh)
set -u
R=bench/results/h100-2026-12-07b; S=/tmp; END=${END:-540}; N=$S/stage-cu-k
tar xJf .dev/stage/cu-k.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; left() { echo $((END-(SECONDS-t0))); }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
for k in 0 2 3 4 4 3 2 0; do
  for m in "bwd:--dtype f32 --backward" "fwd:--dtype f32"; do
    IFS=: read -r tag args <<< "$m"; f=$L/k$k-$tag-$SECONDS.txt
    [ $(left) -lt 45 ] && { echo "k$k $tag: skipped (time)"; continue; }
    SMAX_DEV_UNIT_CHUNKS=$k LD_LIBRARY_PATH=$N timeout 90 $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 \
      --algo auto --shapes $R/knob-$tag.txt $args > $f 2>&1; echo "exit $?" >> $f
    echo "k$k $tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %s %s %s%%; ", s, $3, $4, $i, $(i+4)}}' $f) $(tail -1 $f)"
  done
done
echo "[$((SECONDS-t0)) s] end"
