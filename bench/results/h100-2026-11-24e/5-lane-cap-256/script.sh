#!/usr/bin/env bash
# H100 call 5 (session 2026-11-24 14:16): base = 7f618cc (16-bit tiles up to 64 items a row slot);
# l256 = the same with the cap at 256 items (rows of up to 4096 columns as tiles). Call 4's sweep
# found 16-bit rows just past 1024 and 2048 columns at 61-63% of copy in the register kernel (twice
# the lanes a row needs). Two alternating rounds, bf16 forward and gradient, f16 log-softmax.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
run() { # variant tag args...
  local v=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 200 .dev/stage/ab/$v/smax-bench --algo auto "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
}
S=""
for c in 1025 1100 1500 1801 2049 2500 3001 4095; do S="$S --shape $((16777216 / c))x$c"; done
for round in 1 2; do
  for v in base l256; do
    run $v r$round-$v-bf16 --dtype bf16 $S
    run $v r$round-$v-bwd-bf16 --backward --dtype bf16 $S
    run $v r$round-$v-f16log --dtype f16 --log $S
  done
done
t "done"
