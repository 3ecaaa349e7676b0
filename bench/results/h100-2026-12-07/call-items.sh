#!/usr/bin/env bash
# call-items.sh (H100): A B B A, the f32 device-memory exchange's group (main's, against 256 and 512 items) at
# items.txt, gradient and forward. Build cu-g = main f79e49f's CUDA backend (sm_90, Release) +
# ../h100-2026-12-06g/exchange-items.diff, which only reads SMAX_DEV_EXCHANGE_ITEMS (development knob, not main):
# unset, it runs main's plans.
# Run: END=300 bash bench/results/h100-2026-12-07/call-items.sh (carry .dev/stage/cu-g.txz)
set -u
R=bench/results/h100-2026-12-07; S=/tmp; tar xJf .dev/stage/cu-g.txz -C $S; B=$S/stage-cu-g; END=${END:-300}
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }; left() { echo $((END-(SECONDS-t0))); }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
SB() { local tag=$1 shapes=$2; shift 2
  [ $(left) -lt 25 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$B timeout 60 $B/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto --shapes $shapes "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %s %s%%; ", s, $3, $i, $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
for dir in --backward ""; do for v in m g g m; do
  if [ $v = m ]; then SB items-m${dir:+-bwd}-$SECONDS $R/items.txt --dtype f32 $dir
  else SMAX_DEV_EXCHANGE_ITEMS=256 SB items-256${dir:+-bwd}-$SECONDS $R/items.txt --dtype f32 $dir
       SMAX_DEV_EXCHANGE_ITEMS=512 SB items-512${dir:+-bwd}-$SECONDS $R/items.txt --dtype f32 $dir; fi
done; done
t end
