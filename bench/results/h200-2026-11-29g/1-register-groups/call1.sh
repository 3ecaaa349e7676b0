#!/usr/bin/env bash
# call 1 (twenty-second session, H200): rg = main 16635b0 + dev overrides of the register kernels' group cap
# (SMAX_DEV_REG_GROUP: f32 and non-16-bit-gradient plans; SMAX_DEV_WIDE_GROUP: the 16-bit gradient). Rows of
# 4096-16384 columns held in registers by groups of 256-1024 items against main's on-chip kernel; Triton in the same
# run (peer_bench, CUDA events); ncu of smax on-chip, smax in registers and Triton.
set -u
S=/tmp; for b in rg; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "rg $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
N=$S/stage-rg; P=/opt/torch/.venv/bin/python3
R() { local tag=$1 e=$2; shift 2
  [ $SECONDS -gt 330 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$N timeout 40 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s; ", s, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
F="--shape 65536x4096 --shape 43690x6144 --shape 32768x8192 --shape 21845x12288 --shape 16384x16384"
i=0
for e in X=0 SMAX_DEV_REG_GROUP=512 SMAX_DEV_REG_GROUP=1024 SMAX_DEV_REG_GROUP=1024 SMAX_DEV_REG_GROUP=512 X=0; do i=$((i+1))
  R f$i-f32-$e $e --dtype f32 $F
  R fl$i-f32log-$e $e --dtype f32 --log --shape 32768x8192 --shape 16384x16384
  t f$i
done
i=0
for e in X=0 SMAX_DEV_REG_GROUP=1024 SMAX_DEV_REG_GROUP=1024 X=0; do i=$((i+1))
  R b$i-f32-$e $e --backward --dtype f32 --shape 65536x4096 --shape 32768x8192 --shape 16384x16384
  t b$i
done
i=0
for e in X=0 SMAX_DEV_WIDE_GROUP=512 SMAX_DEV_WIDE_GROUP=512 X=0; do i=$((i+1))
  R w$i-bf16-$e $e --backward --dtype bf16 --shape 21845x12288 --shape 16384x16384
  t w$i
done
PB() { local tag=$1 e=$2 lim=$3; shift 3; local d=$L/peers-$tag; mkdir -p $d
  env $e PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit 16635b0+rg --out $d --reps 10 --budget 0.5 "$@" > $d/peers.txt 2>&1
  t "peers $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
PB f32-main X=0 60 --impl smax-auto,triton --dtype f32 --shape 32768x8192 --shape 16384x16384
PB f32-reg SMAX_DEV_REG_GROUP=1024 45 --impl smax-auto --dtype f32 --shape 32768x8192 --shape 16384x16384
M='regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,dram__bytes.sum'
SEC="--section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats"
sum() { echo "$1: $(grep -E '^  [a-z_A-Z0-9]+.*\(|DRAM Throughput|Duration|Achieved Occupancy|Registers Per|Block Limit|issue_active|inst_executed.sum|dram__bytes.sum|stalled' $L/$1.txt | awk '/stalled/ && $NF+0 < 0.4 {next} {print}' | sed 's/smsp__average_warps_issue_stalled_//; s/_per_issue_active.ratio//' | tr -s ' ' | tr '\n' ';')"; }
Q() { local tag=$1 e=$2; shift 2
  [ $SECONDS -gt 540 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$N timeout 30 ncu --clock-control none --kernel-name regex:smax_ --launch-skip 2 --launch-count 1 $SEC --metrics "$M" \
    $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --algo auto "$@" > $L/$tag.txt 2>&1; sum $tag; }
Q ncu-smax-f16384 X=0 --dtype f32 --shape 16384x16384
Q ncu-reg-f16384 SMAX_DEV_REG_GROUP=1024 --dtype f32 --shape 16384x16384
Q ncu-smax-f8192 X=0 --dtype f32 --shape 32768x8192
Q ncu-reg-f8192 SMAX_DEV_REG_GROUP=512 --dtype f32 --shape 32768x8192
if [ $SECONDS -lt 540 ]; then
  timeout 50 ncu --clock-control none -k regex:softmax --launch-skip 3 --launch-count 1 $SEC --metrics "$M" $P bench/peer_bench.py \
    --lib $N/libsmax.so --support $N/libsmax_testsupport.so --impl triton --reps 3 --warmup 1 --budget 0.2 --out /tmp/pb \
    --dtype f32 --shape 16384x16384 > $L/ncu-triton-f16384.txt 2>&1
  sum ncu-triton-f16384
fi
t end
