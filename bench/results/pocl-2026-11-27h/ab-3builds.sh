#!/usr/bin/env bash
# A/B/C on PoCL, the gradient rows (smax_bwd_cpu_rows), --algo auto:
#   base = /tmp/wt-cpubase/build-opencl (main, e5c2b9a)
#   sum  = /tmp/cputouch-A/build-opencl (the next row's y and dy touched in
#          the sum pass, any next row: the first try, not committed)
#   new  = /tmp/wt-cputouch/build-opencl then (touched in the write pass, the
#          next row of the same group only, every dtype and mode: this
#          commit before softmax rows with f32 dx were left out)
# Each round runs the three builds in a rotated order; before each run it
# waits (at most 180 s) for both cores to be >= 90% idle over 2 s (another
# user builds on this machine). Line: round build dtype mode gate shape=us/GBps ... ok=N/N
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
ROUNDS=${ROUNDS:-5}
L=(base sum new)
for r in $(seq 1 "$ROUNDS"); do
  for i in 0 1 2; do
    b=${L[$(( (i + r) % 3 ))]}
    case $b in
      base) B=/tmp/wt-cpubase/build-opencl; C=/tmp/pocl-bwd-base ;;
      sum)  B=/tmp/cputouch-A/build-opencl; C=/tmp/pocl-bwd-A ;;
      new)  B=/tmp/wt-cputouch/build-opencl; C=/tmp/pocl-bwd-new ;;
    esac
    for d in f32 bf16; do for m in softmax log; do
      lf=; [ $m = log ] && lf=--log
      g=$(wait_quiet)
      echo "$r $b $d $m $g $(POCL_CACHE_DIR=$C $B/bench/smax-bench --backward $lf --shapes /work/main/bench/shapes/pocl.txt --dtype $d --algo auto --stat min --reps 9 --quiet 2>&1 | awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s=%s/%s ", s, $(NF-2), $(NF-1)} / runs: / {printf "ok=%s/%s", $3+0, $1}')"
    done; done
  done
done
