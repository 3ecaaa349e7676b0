#!/usr/bin/env bash
# PREPARED, NOT RUN. call-onchip-items.sh (H100): A B B A, a one-launch plan's group, main's against ITEMS (default
# 256), f32 and bf16, both directions, over the shape set SET:
# - SET=cluster (default): clusters of 16 chunks of 64 KB (3 a unit; 30b4832 keeps row_group_size's 512 there; call 3
#   ran f32 1024 x 262144 forward 98.4 -> 99.3 in 256) (cluster-*.txt);
# - SET=exch6 with ITEMS=128: device-memory exchanges of 6 chunks a unit in groups of 256 (the f32 gradient at 1024 x
#   262144, 96.6% of copy against PRODUCT.md's 98; ncu, call 1: the barrier its top stall, 13 cycles an issue) in
#   groups of 128 (exch6-*.txt).
# Build cu-c = main 30b4832's CUDA backend (sm_90, Release) + onchip-items.diff (development knob, never on main:
# SMAX_DEV_EXCHANGE_ITEMS=N sets the group of every one-launch plan; unset, main's plans).
# Run: END=240 [SET=exch6 ITEMS=128] bash bench/results/h100-2026-12-07/call-onchip-items.sh (carry .dev/stage/cu-c.txz)
set -u
R=bench/results/h100-2026-12-07; S=/tmp; rm -rf $S/stage-cu-c; tar xJf .dev/stage/cu-c.txz -C $S; B=$S/stage-cu-c
END=${END:-240}; SET=${SET:-cluster}; ITEMS=${ITEMS:-256}; L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }; left() { echo $((END-(SECONDS-t0))); }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
SB() { local tag=$1 shapes=$2; shift 2
  [ $(left) -lt 15 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$B timeout 60 $B/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto --shapes $shapes "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %s %s%%; ", s, $3, $i, $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
for v in m g g m; do
  for m in "f32-fwd:--dtype f32" "f32-bwd:--dtype f32 --backward" "bf16-fwd:--dtype bf16" "bf16-bwd:--dtype bf16 --backward"; do
    IFS=: read -r tag args <<< "$m"
    [ -f $R/$SET-$tag.txt ] || continue
    if [ $v = m ]; then SB $SET-$tag-main-$SECONDS $R/$SET-$tag.txt $args
    else SMAX_DEV_EXCHANGE_ITEMS=$ITEMS SB $SET-$tag-$ITEMS-$SECONDS $R/$SET-$tag.txt $args; fi
  done
done
t end
