#!/usr/bin/env bash
# call 3 (forty-fifth session, H200): ncu of main's device-memory exchange (x45, knobs unset) against chunks of
# 192 B an item (SMAX_X_ITEMB=192) with up to 2 chunks a row per compute unit (SMAX_X_PERCU=2), one launch each.
set -u
S=/tmp; tar xJf .dev/stage/x45.txz -C $S; B=$S/stage-x45
exec > $OUT/summary.txt 2>&1
echo "x45; $(date -u)"
M=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_op_read_hit_rate.pct,gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active,launch__occupancy_limit_shared_mem,launch__occupancy_limit_registers,launch__occupancy_limit_warps,launch__registers_per_thread,launch__grid_size,launch__block_size
N() { local tag=$1 k=$2; shift 2; echo "== $tag"
  env $E LD_LIBRARY_PATH=$B timeout 150 ncu --metrics $M --section WarpStateStats -k regex:"$k" --launch-skip 3 --launch-count 1 \
    $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --algo auto "$@" 2>&1 | grep -E "smax_|dram__|lts__|gpu__time|sm__warps|launch__|Stall|stall|Warp Cycles|Issued Warp" | grep -v "^ *----" | head -40; }
for E in A=1 "SMAX_X_ITEMB=192 SMAX_X_PERCU=2"; do
  N "f32 gradient 256x1048576 [$E]" "smax_bwd_mb_onchip" --backward --dtype f32 --shape 256x1048576
  N "bf16 gradient 256x1048576 [$E]" "smax_bwd_mb_onchip" --backward --dtype bf16 --shape 256x1048576
  N "f32 forward 256x2097152 [$E]" "smax_mb_onchip" --dtype f32 --shape 256x2097152
  N "f32 forward 1024x262144 [$E]" "smax_mb_onchip" --dtype f32 --shape 1024x262144
done
echo "end $(date -u)"
