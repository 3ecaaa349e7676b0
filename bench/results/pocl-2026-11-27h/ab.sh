#!/usr/bin/env bash
# Final A/B on PoCL, the gradient rows (smax_bwd_cpu_rows), --algo auto:
#   base = /tmp/wt-cpubase/build-opencl (main, e5c2b9a)
#   new  = /tmp/wt-cputouch/build-opencl (this commit: the next row's y and
#          dy touched in the write pass, same group only, not for softmax
#          rows with f32 dx)
# base first in odd rounds, new first in even ones; before each run it waits
# (at most 180 s) for both cores to be >= 90% idle over 2 s (another user
# builds on this machine). Line: round build dtype mode gate shape=us/GBps ... ok=N/N
wait_quiet() {
  local t0=$SECONDS a b
  while (( SECONDS - t0 < 180 )); do
    a=($(head -1 /proc/stat)); sleep 2; b=($(head -1 /proc/stat))
    local tot=0 i
    for i in 1 2 3 4 5 6 7 8; do tot=$((tot + b[i] - a[i])); done
    local idle=$(( b[4] - a[4] + b[5] - a[5] ))
    if (( tot > 0 && idle * 100 >= 90 * tot )); then echo "q$((SECONDS - t0))"; return; fi
  done
  echo busy
}
ROUNDS=${ROUNDS:-4}
for r in $(seq 1 "$ROUNDS"); do
  if [ $((r % 2)) = 1 ]; then order="base new"; else order="new base"; fi
  for b in $order; do
    if [ $b = base ]; then B=/tmp/wt-cpubase/build-opencl; C=/tmp/pocl-bwd-base
    else B=/tmp/wt-cputouch/build-opencl; C=/tmp/pocl-bwd-new; fi
    for d in f32 bf16 f16; do for m in softmax log; do
      lf=; [ $m = log ] && lf=--log
      g=$(wait_quiet)
      echo "$r $b $d $m $g $(POCL_CACHE_DIR=$C $B/bench/smax-bench --backward $lf --shapes /work/main/bench/shapes/pocl.txt --dtype $d --algo auto --stat min --reps 9 --quiet 2>&1 | awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s=%s/%s ", s, $(NF-2), $(NF-1)} / runs: / {printf "ok=%s/%s", $3+0, $1}')"
    done; done
  done
done
