#!/usr/bin/env bash
# H100 call 3 (session 2026-11-24 22:29): main e98ce36 + .dev/x.diff. rv2 = every register kernel built
# with 2 vectors a lane (-DSMAX_X_RV=2; register groups capped at 256 items so rows keep the same
# register range; f32 forward 32 registers, bf16 40) against base (4 vectors, 54 and 64 registers), two
# alternating rounds; then base vs SMAX_X_OC=1 (f32 forward rows that idle a third of the register slots
# on-chip) at rows just past a power of two, off and on the vector grid.
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
F="128 256 333 512 700 1000 1024 1025 1100 1365 1500 1800 2000 2048"
H="256 512 1024 1536 2048 3000 4096"
BF="512 1024 1025 1500 2048"
BH="1024 2048 4096 8192"
O="65 129 257 513 1025 1026 1027 1050 1090 1028 1060"
echo "f32 fwd: $F | bf16 fwd: $H | f32 bwd: $BF | bf16 bwd: $BH | OC: $O"
for round in 1 2; do
  for v in base rv2; do
    run r$round-$v-f32 $v X=0 -- --dtype f32 $(shapes $F)
    run r$round-$v-bf16 $v X=0 -- --dtype bf16 $(shapes $H)
    run r$round-$v-bwd-f32 $v X=0 -- --backward --dtype f32 $(shapes $BF)
    run r$round-$v-bwd-bf16 $v X=0 -- --backward --dtype bf16 $(shapes $BH)
  done
  run r$round-base-O base X=0 -- --dtype f32 $(shapes $O)
  run r$round-oc1-O base SMAX_X_OC=1 -- --dtype f32 $(shapes $O)
  t "round $round"
done
for v in 'fwd f32->f32' 'fwd bf16->bf16' 'bwd y,dy:f32 dx:f32' 'bwd y,dy:bf16 dx:bf16'; do
  tag=conf-$(echo "$v" | tr -c 'a-z0-9' '_')
  ( LD_LIBRARY_PATH=$S/rv2 timeout 200 $S/base/smax_conformance --variant "$v" > $logs/$tag.txt 2>&1; echo "exit $?" >> $logs/$tag.txt ) &
done
( SMAX_X_OC=1 LD_LIBRARY_PATH=$S/base timeout 200 $S/base/smax_conformance --variant 'fwd f32->f32' > $logs/conf-oc1.txt 2>&1; echo "exit $?" >> $logs/conf-oc1.txt ) &
wait
for f in $logs/conf-*.txt; do echo "$(basename $f): $(tail -2 $f | tr '\n' ' ')"; done
t end
