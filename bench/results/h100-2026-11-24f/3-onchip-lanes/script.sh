#!/usr/bin/env bash
# H100 call 3 (session 2026-11-24 19:45): gA = main 75bd54a + the gradient register kernel's held
# vectors opaque between its passes (now the default); oc = gA with 16-bit gradient rows that would
# idle a third of the register kernel's slots planned on the on-chip fused kernel (SMAX_EXP_OC=1);
# ocD2 = oc with the on-chip kernels' lanes from 64 bytes a lane (vec * 4 elements) rounded down to a
# power of two (SMAX_EXP_D=2); ocD3 = oc with 16 elements a lane rounded down (SMAX_EXP_D=3).
# Two alternating rounds, 16M elements a shape; ncu of gA's gradient tiles at 1025 and 1100 columns.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
S=/tmp/stage; mkdir -p $S
for v in gA oc ocD2 ocD3; do mkdir -p $S/$v; tar xJf .dev/stage/ab/$v.txz -C $S/$v; done
cp $S/gA/smax-bench $S/gA/smax_conformance $S/
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
run() { # variant tag args...
  local v=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$S/$v timeout 200 $S/smax-bench --algo auto "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
}
shapes() { local s=""; for c in "$@"; do s="$s --shape $((16777216 / c))x$c"; done; echo $s; }
FB="4097 5000 6000 8000 8193 12000 16384 16385 24000"
FF="2049 2500 3001 4097 6000 8193 12000 16385"
BB="513 530 560 1025 1040 1060 1090 2049 2080 2150 2300 4097 4200 4500 8193 12000 16385"
BF="2049 2500 4097 8193 16385"
BH="1025 1060 2049 2150 4097 4400"
echo "fwd bf16: $FB; fwd f32: $FF; bwd bf16: $BB; bwd f32: $BF; bwd f16: $BH"
for round in 1 2; do
  for v in gA oc ocD2 ocD3; do
    run $v r$round-$v-bf16 --dtype bf16 $(shapes $FB)
    run $v r$round-$v-f32 --dtype f32 $(shapes $FF)
    run $v r$round-$v-bwd-bf16 --backward --dtype bf16 $(shapes $BB)
    run $v r$round-$v-bwd-f32 --backward --dtype f32 $(shapes $BF)
    run $v r$round-$v-bwd-f16 --backward --dtype f16 $(shapes $BH)
  done
  t "round $round done"
done
for c in 1025 1100; do
  LD_LIBRARY_PATH=$S/gA timeout 120 ncu --clock-control none --kernel-name regex:smax_bwd --launch-skip 2 --launch-count 1 \
    --section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats --section SchedulerStats --section MemoryWorkloadAnalysis \
    $S/smax-bench --algo auto --backward --dtype bf16 $(shapes $c) --reps 3 --max-seconds 0.05 --no-overhead --quiet > $logs/ncu-bwd-$c.txt 2>&1
  echo "ncu bwd bf16 $c: $(grep -E 'smax_bwd|DRAM Throughput|L1/TEX Cache Throughput|Issued Warp Per Scheduler|Achieved Occupancy|Registers Per|No Eligible|Duration|Waves Per SM|Grid Size|Block Size|Shared Memory Configuration Size|Dynamic Shared' $logs/ncu-bwd-$c.txt | awk '{$1=$1};1' | tr '\n' ';')"
  grep -iE "stall|bank" $logs/ncu-bwd-$c.txt | head -6
done
t "ncu done"
