#!/usr/bin/env bash
# call 1 (forty-eighth session, H200): k48 = main 1170a66 + SMAX_DEV_CHUNKS=N (development knob: a one-launch plan's
# chunks a row forced to N). D = unset (main's plans). Rows of 32000 at few counts (one wave), f32 forward and gradient
# by auto, bf16 forward by multiblock (auto there is fused from 64 rows). Also: how many units clusters of c occupy.
set -u
S=/tmp; tar xJf .dev/stage/k48.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "k48; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
./.dev/cq/cq
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 120 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.08 "$@" > $L/$tag.txt 2>&1; echo "rc=$?" >> $L/$tag.txt
  echo "== $tag"; grep -A1 -E "^[0-9]+x[0-9]+ " $L/$tag.txt | awk '/copy/{c=$(NF-2)} /auto|multiblock/{printf "%s/%s ", $(NF-2), c}'; echo; grep -E "FAIL|rror|rc=[1-9]" $L/$tag.txt | head -3; }
F="--shape 8x32000 --shape 16x32000 --shape 32x32000 --shape 48x32000 --shape 64x32000 --shape 96x32000 --shape 128x32000 --shape 32x65536"
echo "shapes: $F"; echo "(us / copy us)"
R warm k48 --algo auto --dtype f32 --shape 64x128 > /dev/null
n=0
for v in D 3 4 5 6 8 16 D 4 6 8; do
  n=$((n+1)); t "round $n chunks $v"
  if [ $v = D ]; then E="X=1"; else E="SMAX_DEV_CHUNKS=$v"; fi
  env $E bash -c "$(declare -f R); S=$S L=$L
  R f32-$n-$v k48 --algo auto --dtype f32 $F
  R f32b-$n-$v k48 --algo auto --dtype f32 --backward $F
  R bf16m-$n-$v k48 --algo multiblock --dtype bf16 $F"
  [ $((SECONDS-t0)) -gt 500 ] && break
done
R bf16a k48 --algo auto --dtype bf16 $F
t end
