#!/usr/bin/env bash
# call5.sh (sixty-seventh session, H100): main 05d1f88 (CUDA kernels and plans as 436c6c0 and 6b8af16).
# (1) The H100 peer table at main: bench/shapes/peer.txt, smax (CUDA sm_90, auto) / torch / Triton, cold L2, % of a
#     device-to-device copy in the same run: f32, bf16 gradient; f32, bf16, f16 forward (README's H100 table is a0f61c6's).
# (2) A B B A, HIP on NVIDIA's 16-bit forward exchange in smaller groups (../h100-2026-12-06g/call3.sh part 3 as it is).
# (3) ncu of the CUDA f32 exchange at 256 x 1M, gradient then forward (the two targets missed by most).
# Run: END=570 bash bench/results/h100-2026-12-06h/call5.sh (carry .dev/stage/cu-m.txz: 05d1f88's CUDA build with
# libsmax_testsupport.so; .dev/stage/hnv-g.txz: 436c6c0's HIP on NVIDIA + exchange-items.diff; .dev/commit)
set -u
G=bench/results/h100-2026-12-06g; S=/tmp; for b in cu-m hnv-g; do tar xJf .dev/stage/$b.txz -C $S; done
N=$S/stage-cu-m; END=${END:-570}
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs *.csv; rm -rf logs *.csv' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }; left() { echo $((END-(SECONDS-t0))); }
echo "main $(cat .dev/commit); $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
P=python3; [ -x /opt/torch/.venv/bin/python3 ] && P=/opt/torch/.venv/bin/python3
$P -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)"
PB() { local tag=$1 lim=$2; shift 2
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so --commit $(cat .dev/commit) \
    --out $L/$tag --impl smax-auto,torch,triton --reps 15 --budget 1.0 "$@" > $L/$tag.txt 2>&1
  echo "$tag (exit $?): $(grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $L/$tag.txt | awk '/^\[/{printf "\n  %s: ", $2; next} {printf "%s %s %s; ", $1, $4, ($1=="copy"?"":$6)}')"; }
SB() { local tag=$1 b=$2 shapes=$3; shift 3; local D=$S/stage-$b
  [ $(left) -lt 30 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$D timeout 60 $D/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto --shapes $shapes "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %s %s %s%%; ", s, $3, $4, $i, $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
# (1)
for m in "f32 --backward" "bf16 --backward" "f32" "bf16" "f16"; do
  l=$(( $(left) - 190 )); [ $l -lt 40 ] && { echo "skipped: $m"; continue; }
  [ $l -gt 110 ] && l=110
  PB peers-${m// /} $l --dtype $m
  t "$m"
done
# (2)
for v in m h h m; do
  if [ $v = m ]; then SB hnv-main-$SECONDS hnv-g $G/hnv16.txt --dtype bf16; SB cu-main-$SECONDS cu-m $G/hnv16.txt --dtype bf16
  else SMAX_DEV_EXCHANGE_ITEMS=256 SB hnv-256-$SECONDS hnv-g $G/hnv16.txt --dtype bf16
       SMAX_DEV_EXCHANGE_ITEMS=128 SB hnv-128-$SECONDS hnv-g $G/hnv16.txt --dtype bf16; fi
done
t "hip on nvidia"
# (3)
for item in 256x1048576:--backward 256x1048576:; do
  IFS=: read -r sh dir <<< "$item"; tag=$sh${dir:+-bwd}
  l=$(left); [ $l -lt 60 ] && { echo "ncu $tag: skipped (time)"; continue; }; [ $l -gt 90 ] && l=90
  t "ncu $tag"
  LD_LIBRARY_PATH=$N timeout $l ncu --clock-control none --section SpeedOfLight --section LaunchStats --section Occupancy \
    --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis \
    --metrics 'regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio' \
    -k regex:mb_onchip --launch-skip 2 --launch-count 1 -o $L/rep-$tag \
    $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.001 --rotate-mb 0 --algo auto --dtype f32 $dir --shape $sh > $L/ncu-$tag.txt 2>&1; echo "rc=$?"
  ncu -i $L/rep-$tag.ncu-rep --page details --csv > $OUT/details-$tag.csv 2>&1
  grep -E '"(Duration|DRAM Throughput|Memory Throughput|L2 Hit Rate|Registers Per Thread|Achieved Occupancy|Theoretical Occupancy|Grid Size|Block Size|Dynamic Shared Memory Per Block|Waves Per SM|Block Limit Registers|Block Limit Shared Mem|Warp Cycles Per Issued Instruction|Eligible Warps Per Scheduler|No Eligible|Issued Warp Per Scheduler)"' $OUT/details-$tag.csv | awk -F'","' '{print $(NF-2)" = "$NF}' | tr -d '"'
  grep -E 'issue_stalled' $OUT/details-$tag.csv | awk -F'","' '{v=$NF; gsub(/[",]/,"",v); if (v+0 >= 0.3) print $(NF-2)" = "v}' | tr -d '"'
done
t end
