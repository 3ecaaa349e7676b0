#!/usr/bin/env bash
# call 4 (forty-fourth session, H200): ncu of x44's lagged forward at f32 256 x 1M (u4) against main's exchange, one
# launch each: DRAM bytes read and written, L2 hit rate, duration.
set -u
S=/tmp; tar xJf .dev/stage/x44.txz -C $S; B=$S/stage-x44
exec > $OUT/summary.txt 2>&1
echo "x44; $(date -u)"
M=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,lts__t_sector_op_read_hit_rate.pct,gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed
for v in 0 1; do
  echo "== SMAX_X_LAGGED=$v forward f32 256x1048576"
  SMAX_X_LAGGED=$v SMAX_X_LAG_UNIT=4 LD_LIBRARY_PATH=$B timeout 120 ncu --metrics $M -k regex:"smax_mb_(lagged|onchip)" --launch-skip 3 --launch-count 1 \
    $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --algo auto --dtype f32 --shape 256x1048576 2>&1 | grep -E "smax_mb|dram__|lts__|gpu__time" 
  echo "== SMAX_X_LAGGED=$v gradient f32 1024x262144"
  SMAX_X_LAGGED=$v SMAX_X_LAG_UNIT=4 LD_LIBRARY_PATH=$B timeout 120 ncu --metrics $M -k regex:"smax_bwd_mb_(lagged|onchip)" --launch-skip 3 --launch-count 1 \
    $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --backward --algo auto --dtype f32 --shape 1024x262144 2>&1 | grep -E "smax_bwd|dram__|lts__|gpu__time"
done
