#!/usr/bin/env bash
# call-peers32.sh (name kind nvidia-h100-x1): the H100 peer table's f32 columns at main (the README's are 05d1f88's;
# 30b4832 moved the f32 gradient's exchange at 1M columns): bench/shapes/peer.txt, smax (CUDA sm_90, auto) / torch /
# Triton, cold L2, % of copy in the same run: f32 forward, f32 gradient.
# Run: END=330 bash bench/results/h200-2026-12-07/call-peers32.sh (carry .dev/stage/cu-main.txz: main's CUDA build with
# libsmax_testsupport.so, made by ../h100-2026-12-06b/stage.sh cu-main BUILD BUILD/tests/libsmax_testsupport.so;
# .dev/commit holding main's commit)
set -u
S=/tmp; tar xJf .dev/stage/cu-main.txz -C $S
N=$S/stage-cu-main; END=${END:-330}
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs *.csv 2>/dev/null; rm -rf logs *.csv' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }; left() { echo $((END-(SECONDS-t0))); }
echo "main $(cat .dev/commit); $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
P=python3; [ -x /opt/torch/.venv/bin/python3 ] && P=/opt/torch/.venv/bin/python3
$P -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)"
PB() { local tag=$1 lim=$2; shift 2
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so --commit $(cat .dev/commit) \
    --out $L/$tag --impl smax-auto,torch,triton --reps 15 --budget 1.0 "$@" > $L/$tag.txt 2>&1
  echo "$tag (exit $?): $(grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $L/$tag.txt | awk '/^\[/{printf "\n  %s: ", $2; next} {printf "%s %s %s; ", $1, $4, ($1=="copy"?"":$6)}')"; }
for m in "f32" "f32 --backward"; do
  l=$(( $(left) - 10 )); [ $l -lt 40 ] && { echo "skipped: $m"; continue; }
  [ $l -gt 160 ] && l=160
  PB peers-${m// /} $l --dtype $m
  t "$m"
done
t end
