#!/usr/bin/env bash
# call 3 (fifty-fifth session): main a0f61c6 (kernels as fe8c82b). Sweeps at fixed bytes on the H100: smax (CUDA sm_90, auto) / torch / Triton over
# bench/shapes/sweep-cols.txt (128 to 2^20 columns at 2^26 elements) and sweep-rows.txt (1 to 65536 rows of 32000), cold L2:
# the f32 gradient (cols, rows), then f32 forward (cols, rows), each bounded so that the call ends within its 10 minutes.
set -u
S=/tmp; tar xJf .dev/stage/cu.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "main $(cat .dev/commit); $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
P=python3; [ -x /opt/torch/.venv/bin/python3 ] && P=/opt/torch/.venv/bin/python3
$P -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)"
N=$S/stage-cu
PB() { local tag=$1 lim=$2; shift 2
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so --commit $(cat .dev/commit) \
    --out $L/$tag --impl smax-auto,torch,triton --reps 15 --budget 1.0 "$@" > $L/$tag.txt 2>&1
  echo "$tag (exit $?): $(grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $L/$tag.txt | awk '/^\[/{printf "\n  %s: ", $2; next} {printf "%s %s %s; ", $1, $4, ($1=="copy"?"":$6)}')"; }
for m in "f32 --backward:cols" "f32 --backward:rows" "f32:cols" "f32:rows"; do
  left=$((${END:-585} - SECONDS)); [ $left -lt 40 ] && { echo "skipped: $m"; continue; }
  lim=$left; [ $lim -gt 160 ] && lim=160
  d=${m%%:*}; w=${m##*:}
  PB sweep-$w-${d// /} $lim --shapes bench/shapes/sweep-$w.txt --dtype $d
  t "$m"
done
