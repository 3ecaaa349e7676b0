#!/usr/bin/env bash
# Exploration on PoCL, the gradient rows, --algo auto, bench/shapes/pocl.txt
# without 1 x 16777216. Builds (kernels/smax_backward_cpu_rows.h each):
#   base = main (e5c2b9a)
#   A    = next row's y and dy touched in the sum pass, any next row
#   A2   = the same, only the next row of the same group
#   B2   = touched in the write pass, same group only, every dtype and mode
# Rounds rotate the order of the builds; each run waits for two idle cores
# (as ab.sh; the first three rounds ran without this wait).
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
printf '1024 1024\n16384 128\n4096 1000\n1024 4096\n256 16384\n64 65536\n16 262144\n32 32000\n' > /tmp/cputouch-shapes.txt
for r in 1 2 3 4; do
  L=(base A A2 B2); for i in 0 1 2 3; do b=${L[$(( (i + r) % 4 ))]}
    case $b in base) B=/tmp/wt-cpubase/build-opencl;; A) B=/tmp/cputouch-A/build-opencl;; *) B=/tmp/cputouch-$b/build-opencl;; esac
    C=/tmp/pocl-bwd-$b
    for d in f32 bf16; do for m in softmax log; do
      lf=; [ $m = log ] && lf=--log
      g=$(wait_quiet); echo "$r $b $d $m $g $(POCL_CACHE_DIR=$C $B/bench/smax-bench --backward $lf --shapes /tmp/cputouch-shapes.txt --dtype $d --algo auto --stat min --reps 9 --quiet 2>&1 | awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s=%s/%s ", s, $(NF-2), $(NF-1)} / runs: / {printf "ok=%s/%s", $3+0, $1}')"
    done; done
  done
done
