#!/usr/bin/env bash
# call 1 (2026-11-28, fourteenth session, H200): one build "xp" (main d2c8d7c + environment overrides of the on-chip
# lane rule, .dev/env-overrides.patch, not committed; with no override set it plans as main). ABBA within the call:
# (a) the gradient's on-chip lanes: 128-byte lanes and a group a row from 128 lanes (f32 32, 16-bit 64 elements),
#     16-bit gradient rows of 4096/8192 on-chip instead of in registers (lanes of 128 bytes);
# (b) forward rows of mixed widths (bf16 -> f32, f32 -> bf16) of 3000-4096 columns on-chip instead of in registers,
#     lanes of 16 or 32 elements;
# (c) 16-bit forward rows just past a power of two of 64-element lanes (2049, 2500, 4097, 5000): lanes halved once.
# (d) ncu of smax and Triton at the bf16 gradient 16384 x 16384.
set -u
S=/tmp; tar xJf .dev/stage/xp.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
N=$S/stage-xp
R() { local tag=$1 e=$2; shift 2
  [ $SECONDS -gt 470 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$N timeout 40 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s; ", s, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
B16="--shape 65536x4096 --shape 32768x8192 --shape 16384x16384"
i=0
for e in X=0 SMAX_EXP_BWD_LANE_BYTES=128 SMAX_EXP_BWD_LANE_BYTES=128,SMAX_EXP_BWD_ONCHIP16=1 \
         SMAX_EXP_BWD_LANE_BYTES=128,SMAX_EXP_BWD_ONCHIP16=1 SMAX_EXP_BWD_LANE_BYTES=128 X=0; do i=$((i+1))
  R b$i-bf16-$e "${e//,/ }" --backward --dtype bf16 $B16
  R b$i-f32-$e "${e//,/ }" --backward --dtype f32 --shape 65536x4096 --shape 32768x8192 --shape 43690x6144
  t b$i
done
i=0
for e in X=0 SMAX_EXP_MIXED_ONCHIP=1 SMAX_EXP_MIXED_ONCHIP=1,SMAX_EXP_MIXED_LANE=32 SMAX_EXP_MIXED_ONCHIP=1,SMAX_EXP_MIXED_LANE=32 SMAX_EXP_MIXED_ONCHIP=1 X=0; do i=$((i+1))
  R m$i-bf16f32-$e "${e//,/ }" --dtype bf16,f32 --shape 89478x3000 --shape 65536x4096 --shape 43690x6144
  R m$i-f32bf16-$e "${e//,/ }" --dtype f32,bf16 --shape 89478x3000 --shape 65536x4096
  t m$i
done
i=0
for e in X=0 SMAX_EXP_WIDE_HALVE=66 SMAX_EXP_WIDE_HALVE=66 X=0; do i=$((i+1))
  R h$i-bf16-$e $e --dtype bf16 --shape 131008x2049 --shape 107374x2500 --shape 89478x3000 --shape 65520x4097 --shape 53687x5000
  t h$i
done
M='regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,dram__bytes.sum'
SEC="--section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats"
sum() { echo "$1: $(grep -E '^  [a-z_A-Z0-9]+.*\(|DRAM Throughput|Duration|Achieved Occupancy|Registers Per|issue_active|inst_executed.sum|dram__bytes.sum|stalled' $L/$1.txt | awk '/stalled/ && $NF+0 < 0.4 {next} {print}' | sed 's/smsp__average_warps_issue_stalled_//; s/_per_issue_active.ratio//' | tr -s ' ' | tr '\n' ';')"; }
if [ $SECONDS -lt 500 ]; then
  LD_LIBRARY_PATH=$N timeout 40 ncu --clock-control none --kernel-name regex:smax_ --launch-skip 2 --launch-count 1 $SEC --metrics "$M" \
    $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --algo auto --backward --dtype bf16 --shape 16384x16384 > $L/ncu-smax-bwd16384.txt 2>&1
  sum ncu-smax-bwd16384
  timeout 60 ncu --clock-control none -k regex:softmax --launch-skip 3 --launch-count 1 $SEC --metrics "$M" /opt/torch/.venv/bin/python3 bench/peer_bench.py \
    --lib $N/libsmax.so --support $N/libsmax_testsupport.so --impl triton --reps 3 --warmup 1 --budget 0.2 --out /tmp/pb \
    --backward --dtype bf16 --shape 16384x16384 > $L/ncu-triton-bwd16384.txt 2>&1
  sum ncu-triton-bwd16384
fi
t end
