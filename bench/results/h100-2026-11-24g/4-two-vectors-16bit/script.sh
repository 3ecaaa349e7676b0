#!/usr/bin/env bash
# H100 call 4 (session 2026-11-24 22:29): main e98ce36 + .dev/x.diff. Where a 16-bit forward register
# kernel of 2 vectors a lane (rv2) should take rows: (a) aligned bf16 rows of 2049-4096 columns, base
# (4 vectors, 128 lanes) vs rv2 (256 lanes) vs rv2 with those rows on-chip (SMAX_X_OC=4, past 2048);
# (b) bf16 rows off the vector grid, base (flat tiles) vs rv2 in registers (SMAX_X_NOTILE=1); (c) f16,
# bf16 -> f32 and f32 -> bf16 forward, aligned, base vs rv2. Two alternating rounds.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + .dev/x.diff; $(date -u)"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader
S=/tmp/stage; mkdir -p $S/base; tar xJf .dev/stage/x/x.txz -C $S/base
for v in rv2; do mkdir -p $S/$v; tar xJf .dev/stage/x/$v.txz -C $S/$v; done
run() { # tag lib env... -- args
  local tag=$1 lib=$2; shift 2; local e=(); while [ "$1" != "--" ]; do e+=("$1"); shift; done; shift
  env "${e[@]}" LD_LIBRARY_PATH=$S/$lib timeout 200 $S/base/smax-bench --algo auto --no-overhead --quiet --reps 5 --max-seconds 0.2 "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
}
shapes() { local s=""; for c in "$@"; do s="$s --shape $((16777216 / c))x$c"; done; echo $s; }
A="2056 2304 2560 3000 3072 3584 4000 4096"
M="100 257 333 513 1025 1365 2049"
C="512 1024 2048"
echo "(a) bf16: $A | (b) bf16: $M | (c) $C"
for round in 1 2; do
  run r$round-a-base base X=0 -- --dtype bf16 $(shapes $A)
  run r$round-a-rv2 rv2 X=0 -- --dtype bf16 $(shapes $A)
  run r$round-a-rv2oc rv2 SMAX_X_OC=4 SMAX_X_OC_MIN=2048 -- --dtype bf16 $(shapes $A)
  run r$round-b-base base X=0 -- --dtype bf16 $(shapes $M)
  run r$round-b-rv2regs rv2 SMAX_X_NOTILE=1 -- --dtype bf16 $(shapes $M)
  for d in f16 bf16,f32 f32,bf16; do
    for v in base rv2; do run r$round-c-$v-$d $v X=0 -- --dtype $d $(shapes $C); done
  done
  t "round $round"
done
t end
