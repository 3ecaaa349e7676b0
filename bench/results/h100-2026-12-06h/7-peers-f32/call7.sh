#!/usr/bin/env bash
# call7.sh (sixty-seventh session, H100, right after call 6 on the same warm machine, 304 s of device time left): the
# f32 rows of call5-prepared.sh's peer table at main 05d1f88, as one command line (reflowed here, unchanged):
# smax (CUDA sm_90, auto; cu-m = 05d1f88's CUDA build with libsmax_testsupport.so) / torch / Triton, cold L2, % of a
# device-to-device copy in the same run, bench/shapes/peer.txt, f32 gradient then f32 forward.
# Run: bash bench/results/h100-2026-12-06h/7-peers-f32/call7.sh (carry .dev/stage/cu-m.txz .dev/commit)
S=/tmp; [ -d $S/stage-cu-m ] || tar xJf .dev/stage/cu-m.txz -C $S; N=$S/stage-cu-m; P=python3
[ -x /opt/torch/.venv/bin/python3 ] && P=/opt/torch/.venv/bin/python3; mkdir -p $OUT/logs
for m in "f32 --backward" "f32"; do
  PYTHONUNBUFFERED=1 timeout 115 $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit $(cat .dev/commit) --out $OUT/logs/peers-${m// /} --impl smax-auto,torch,triton --reps 15 --budget 1.0 \
    --dtype $m > $OUT/logs/peers-${m// /}.txt 2>&1
  echo "$m exit $?"
done
$P -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u
