#!/usr/bin/env bash
# call-peers-sweep.sh (H100): (1) the peer table's f32 columns at main (../h200-2026-12-07/call-peers32.sh: smax auto /
# torch / Triton, bench/shapes/peer.txt, cold L2); (2) main's f32 forward and gradient over sweep-long.txt (16, 64 and
# 256 rows of 768K to 4M columns), smax-bench --algo auto, % of copy in the same run: the cliff at 2M columns.
# Run: bash bench/results/h100-2026-12-07b/call-peers-sweep.sh (carry .dev/stage/cu-main.txz, main's CUDA build with
# libsmax_testsupport.so made by ../h100-2026-12-06b/stage.sh; .dev/commit holding main's commit)
set -u
R=bench/results/h100-2026-12-07b; O=$OUT
mkdir -p $O/peers $O/sweep
OUT=$O/peers END=${PEERS_END:-340} bash bench/results/h200-2026-12-07/call-peers32.sh
N=/tmp/stage-cu-main; L=$O/sweep
for m in "f32-bwd:--dtype f32 --backward" "f32-fwd:--dtype f32"; do
  IFS=: read -r tag args <<< "$m"
  LD_LIBRARY_PATH=$N timeout 120 $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto \
    --shapes $R/sweep-long.txt $args > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %s %s%%; ", s, $3, $i, $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)" >> $O/sweep/summary.txt
done
