#!/usr/bin/env bash
# PREPARED, NOT RUN (this session's device time ran out). call-cap.sh (H100, or H200 as a same-run A/B): A B B A,
# main f79e49f's CUDA (cu-n) against 30b4832's (cu-p: a unit's resident exchange groups hold 768 items where copies
# keep the chunks), at the shapes whose plans 30b4832 moves (cap-*.txt; tests/smax_plan_probe: CUDA's f32 gradients
# of 1M columns, which call 3 measured through a development knob, and forwards of 2M, unmeasured; 16-bit rows of
# those bytes).
# Builds: cu-n = main f79e49f's CUDA backend (sm_90, Release); cu-p = main 30b4832's (or later main: same plans).
# Run: END=300 bash bench/results/h100-2026-12-07/call-cap.sh (carry .dev/stage/cu-n.txz, .dev/stage/cu-p.txz).
# HIP on NVIDIA, whose exchanges keep by asynchronous copies and move alike: A=hnv-n B=hnv-p END=300 bash ... (hnv-n,
# hnv-p = f79e49f's and 30b4832's HIP backend on NVIDIA, scripts/hip-nvidia-toolchain.sh, sm_90, Release; carry their
# .txz, about 18 MB beside the tree's 44).
set -u
R=bench/results/h100-2026-12-07; S=/tmp; A=${A:-cu-n}; B=${B:-cu-p}
for b in $A $B; do rm -rf $S/stage-$b; tar xJf .dev/stage/$b.txz -C $S; done
END=${END:-300}; L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }; left() { echo $((END-(SECONDS-t0))); }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
SB() { local tag=$1 b=$2 shapes=$3; shift 3; local N=$S/stage-$b
  [ $(left) -lt 15 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto --shapes $shapes "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %s %s%%; ", s, $3, $i, $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
for b in $A $B $B $A; do
  SB $b-f32-bwd-$SECONDS $b $R/cap-f32-bwd.txt --dtype f32 --backward
  SB $b-f32-fwd-$SECONDS $b $R/cap-f32-fwd.txt --dtype f32
  SB $b-bf16-fwd-$SECONDS $b $R/cap-bf16-fwd.txt --dtype bf16
  SB $b-bf16-bwd-$SECONDS $b $R/cap-bf16-bwd.txt --dtype bf16 --backward
done
t end
