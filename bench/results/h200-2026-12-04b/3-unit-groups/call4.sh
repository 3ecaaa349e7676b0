#!/usr/bin/env bash
# call 4 (forty-seventh session, H200): u47 = main 800dfe5 + SMAX_DEV_UNIT_GROUPS=N (development knob: every plan's
# on-chip memory a group padded to a unit's / N, so that at most N groups share a compute unit). D = unset (main's
# plans). D 2 3 D at rows of 32000 (clusters of 3 chunks, 5 a unit; bf16 128-256 rows fused, 3 a unit) and at the
# device-memory exchange (256 x 1M, 1024 x 262144).
set -u
S=/tmp; tar xJf .dev/stage/u47.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "u47; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 120 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.08 "$@" > $L/$tag.txt 2>&1; echo "rc=$?" >> $L/$tag.txt
  echo "== $tag"; grep -A1 -E "^[0-9]+x[0-9]+ " $L/$tag.txt | grep -E "auto|FAIL" | awk '{print $(NF-1)}' | tr '\n' ' '; echo; grep -E "FAIL|rror|rc=[1-9]" $L/$tag.txt | head -3; }
F="--shape 64x32000 --shape 128x32000 --shape 256x32000 --shape 512x32000 --shape 1024x32000 --shape 4096x32000 --shape 1024x262144 --shape 256x1048576"
H="--shape 128x32000 --shape 256x32000 --shape 512x32000 --shape 256x1048576"
echo "f32: $F"; echo "bf16: $H"
R warm u47 --algo auto --dtype f32 --shape 64x128 > /dev/null
n=0
for v in D 2 3 D 4; do
  n=$((n+1)); t "round $n $v"
  if [ $v = D ]; then E="X=1"; else E="SMAX_DEV_UNIT_GROUPS=$v"; fi
  env $E bash -c "$(declare -f R); S=$S L=$L
  R f32-$n-$v u47 --algo auto --dtype f32 $F
  R bf16-$n-$v u47 --algo auto --dtype bf16 $H"
  [ $((SECONDS-t0)) -gt 480 ] && break
done
t end
