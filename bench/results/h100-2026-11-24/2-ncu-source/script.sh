#!/usr/bin/env bash
# H100 call 2 (session 2026-11-24 00:20): ncu source-level stalls (main b1053ca built with -lineinfo):
# the one-launch on-chip kernel (4096 x 65536 f32; 32 x 32000 f32 forced multiblock), the fused
# kernel at 32 x 32000, the bf16 register kernel on aligned (2097152 x 128) and odd (600000 x 100) rows.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit); $(date -u)"
N=$PWD/.dev/stage/ab/base
prof() { # tag kernel-regex args...
  local tag=$1 k=$2; shift 2
  timeout 100 ncu --set full --import-source yes -k regex:$k --launch-skip 2 --launch-count 1 -f -o $logs/$tag \
    env LD_LIBRARY_PATH=$N $N/smax-bench --reps 3 --max-seconds 0.01 --batch-ms 0 --rotate-mb 0 --no-overhead --quiet "$@" > $logs/$tag-run.txt 2>&1
  echo "== $tag (ncu exit $?)"
  ncu -i $logs/$tag.ncu-rep --page details > $logs/$tag-details.txt 2>&1
  ncu -i $logs/$tag.ncu-rep --page source --csv --print-source sass > $logs/$tag-source.csv 2>$logs/$tag-source.err
  t "$tag: $(grep -E 'DRAM Throughput|Achieved Occupancy|Registers Per|Duration|Issue Slots Busy|Block Limit' $logs/$tag-details.txt | tr -s ' ' | tr '\n' '|')"
  python3 .dev/ncu_source.py 22 < $logs/$tag-source.csv | cut -c1-170
  head -3 $logs/$tag-source.err
}
prof mbonchip-f32 smax_mb_onchip --algo multiblock --dtype f32 --shape 4096x65536
prof small-mb smax_mb_onchip --algo multiblock --dtype f32 --shape 32x32000
prof small-fused smax_fused --algo fused --dtype f32 --shape 32x32000
prof regs-bf16 smax_fused_regs --algo auto --dtype bf16 --shape 2097152x128
prof regs-bf16-odd smax_fused_regs --algo auto --dtype bf16 --shape 600000x100
t end
