#!/usr/bin/env bash
# call-next.sh (H100 or H200; say which), after call-wave.sh (call 1): (1) A B B A, 4954c19's plans (cu-prev) against
# c8a4b4b's (cu-head) at the shapes 9cc15bf moves that h100-2026-12-07b call 4 did not measure (call 1 ran only the
# first A); (2) the knob's larger tails with one group a unit (call 1: 128 KB tails, 1 a unit, beat main's plans by
# 0.3-4.9 points at 64 x 2M-4M where 64 KB and 32 KB with 2 a unit lost 10-30), 64 rows x 2M-4M; (3) ncu of main's
# plans at the cliffs (the gradient at 64 x 2M, the forward at 64 x 4M): DRAM throughput, occupancy, stalls;
# (4) torch and Triton at wave-shapes.txt in the time left (are the cliffs below the peers?).
# Run: END=520 bash bench/results/h100-2026-12-07c/call-next.sh (carry .dev/stage/cu-knob.txz, cu-prev.txz,
# cu-head.txz, .dev/commit)
set -u
R=bench/results/h100-2026-12-07c; P=bench/results/h100-2026-12-07b; S=/tmp; END=${END:-520}
for b in cu-knob cu-prev cu-head; do rm -rf $S/stage-$b; tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs *.csv; rm -rf logs *.csv' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }; left() { echo $((END-(SECONDS-t0))); }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
SB() { local tag=$1 b=$2 shapes=$3; shift 3; local N=$S/stage-$b
  [ $(left) -lt 40 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.15 --algo auto --shapes $shapes "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %s %s %s%%; ", s, $3, $4, $i, $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
# (1)
for b in cu-prev cu-head cu-head cu-prev; do
  SB $b-bwd-$SECONDS $b $P/confirm-f32-bwd.txt --dtype f32 --backward
  SB $b-fwd-$SECONDS $b $P/confirm-f32-fwd.txt --dtype f32
done
t "A/B"
# (2) 64 x 2M-4M only (call 1's last shapes); one group a unit keeps a row's chunks within the units
sed -n '1p;4,7p' $R/wave-shapes.txt > $S/wave-long.txt
for c in base 256:1 192:1 128:1; do
  [ $(left) -lt 260 ] && { echo "knob: stopped at $c (time)"; break; }
  for d in bwd fwd; do
    [ $d = bwd ] && D=--backward || D=
    if [ $c = base ]; then SB knob-base-$d cu-knob $S/wave-long.txt --dtype f32 $D; continue; fi
    SMAX_DEV_REREAD_TAIL_KB=${c%:*} SMAX_DEV_REREAD_SPLIT=${c#*:} SB knob-t${c%:*}-s${c#*:}-$d cu-knob $S/wave-long.txt --dtype f32 $D
  done
done
t "knob"
# (3)
N=$S/stage-cu-head
for item in 64x2097152:--backward 64x4194304:; do
  IFS=: read -r sh dir <<< "$item"; tag=$sh${dir:+-bwd}
  l=$(left); [ $l -lt 150 ] && { echo "ncu $tag: skipped (time)"; continue; }; [ $l -gt 70 ] && l=70
  t "ncu $tag"
  LD_LIBRARY_PATH=$N timeout $l ncu --clock-control none --section SpeedOfLight --section LaunchStats --section Occupancy \
    --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis \
    --metrics 'regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio' \
    -k regex:mb_onchip --launch-skip 2 --launch-count 1 -o $L/rep-$tag \
    $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.001 --rotate-mb 0 --algo auto --dtype f32 $dir --shape $sh > $L/ncu-$tag.txt 2>&1; echo "rc=$?"
  ncu -i $L/rep-$tag.ncu-rep --page details --csv > $OUT/details-$tag.csv 2>&1
  grep -E '"(Kernel Name|Duration|DRAM Throughput|Memory Throughput|L2 Hit Rate|Registers Per Thread|Achieved Occupancy|Theoretical Occupancy|Grid Size|Block Size|Dynamic Shared Memory Per Block|Waves Per SM|Block Limit Registers|Block Limit Shared Mem|Warp Cycles Per Issued Instruction|Eligible Warps Per Scheduler|No Eligible|Issued Warp Per Scheduler)"' $OUT/details-$tag.csv | awk -F'","' '{print $(NF-2)" = "$NF}' | tr -d '"'
  grep -E 'issue_stalled' $OUT/details-$tag.csv | awk -F'","' '{v=$NF; gsub(/[",]/,"",v); if (v+0 >= 0.3) print $(NF-2)" = "v}' | tr -d '"'
done
# (4)
PY=python3; [ -x /opt/torch/.venv/bin/python3 ] && PY=/opt/torch/.venv/bin/python3
$PY -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)"
for d in --backward ""; do
  l=$(( $(left) - 10 )); [ $l -lt 40 ] && { echo "peers $d: skipped (time)"; continue; }; [ $l -gt 150 ] && l=150
  tag=peers${d:+-bwd}
  PYTHONUNBUFFERED=1 timeout $l $PY bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so --commit $(cat .dev/commit) \
    --out $L/$tag --impl smax-auto,torch,triton --reps 10 --budget 0.6 --shapes $R/wave-shapes.txt --dtype f32 $d > $L/$tag.txt 2>&1
  echo "$tag (exit $?): $(grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $L/$tag.txt | awk '/^\[/{printf "\n  %s: ", $2; next} {printf "%s %s %s; ", $1, $4, ($1=="copy"?"":$6)}')"
done
t end
