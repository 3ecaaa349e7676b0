#!/usr/bin/env bash
# call 3 (forty-first session, H200): the gradient's two sweeps at fixed bytes (bench/shapes/sweep-cols.txt: 128 to
# 2^20 columns at 2^26 elements; sweep-rows.txt: 1 to 65536 rows of 32000), f32 and bf16, and f16 forward over
# columns: smax auto (CUDA, main 5a81e8e: build m41) vs torch vs Triton, % of a torch copy_ in the same run;
# peer_bench's plots of GB/s against cols or rows.
set -u
S=/tmp; tar xJf .dev/stage/m41.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m41 = 5a81e8e (HEAD $(cat .dev/commit)); $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
P=/opt/torch/.venv/bin/python3
$P -c "import torch, triton, matplotlib; print('torch', torch.__version__, 'triton', triton.__version__, 'matplotlib', matplotlib.__version__)"
N=$S/stage-m41
PB() { local tag=$1 lim=$2; shift 2; local d=$L/sweep-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit 5a81e8e --out $d --impl smax-auto,torch,triton --reps 7 --warmup 2 --budget 0.4 "$@" > $d/peers.txt 2>&1
  t "sweep $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
PB cols-f32-bwd 130 --dtype f32 --backward --shapes bench/shapes/sweep-cols.txt
PB rows-f32-bwd 110 --dtype f32 --backward --shapes bench/shapes/sweep-rows.txt
PB cols-bf16-bwd 150 --dtype bf16 --backward --shapes bench/shapes/sweep-cols.txt
PB cols-f16 120 --dtype f16 --shapes bench/shapes/sweep-cols.txt
t end
