#!/usr/bin/env bash
# call (fifty-eighth session): the gradient of 16-bit y, dy into f32 dx on the H100 on-chip (the H200's rule,
# bwd_onchip_outpaces) against the register kernel. One build (cu-mx = HEAD + env switch SMAX_X_MX), A B B A by env.
set -u
S=/tmp; tar xJf .dev/stage/cu-mx.txz -C $S; N=$S/stage-cu-mx
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "main 6d4faee + SMAX_X_MX switch (cu-mx); $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
SB() { local tag=$1; shift
  LD_LIBRARY_PATH=$N timeout 150 $N/smax-bench --no-overhead --quiet --reps 11 --max-seconds 0.3 --algo auto --backward --shapes .dev/calls/mxcols.txt "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") printf "%s %s %s%%; ", s, $i, $(i+4)}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
for r in A B B A; do
  if [ $r = B ]; then export SMAX_X_MX=1; else unset SMAX_X_MX; fi
  SB bf16-$r --dtype f32,bf16
  SB f16-$r --dtype f32,f16
  SB log-$r --dtype f32,bf16 --log
  t "round $r"
done
unset SMAX_X_MX
SEC="--section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats"
nc() { local tag=$1; shift
  timeout 120 ncu $SEC -k regex:smax_bwd --launch-skip 2 --launch-count 1 env LD_LIBRARY_PATH=$N \
    $N/smax-bench --reps 3 --max-seconds 0.02 --no-overhead --quiet --rotate-mb 0 "$@" > $L/ncu-$tag.txt 2>&1
  t "ncu $tag: $(grep -E 'Duration|DRAM Throughput|Achieved Occupancy|Registers Per|Block Size|Dynamic Shared|Issued Warp Per' $L/ncu-$tag.txt | tr -s ' ' | tr '\n' '|')"; }
nc reg6000 --backward --algo auto --dtype f32,bf16 --shape 11184x6000
SMAX_X_MX=1 nc chip6000 --backward --algo auto --dtype f32,bf16 --shape 11184x6000
nc reg2048 --backward --algo auto --dtype f32,bf16 --shape 32768x2048
SMAX_X_MX=1 nc chip2048 --backward --algo auto --dtype f32,bf16 --shape 32768x2048
t end
