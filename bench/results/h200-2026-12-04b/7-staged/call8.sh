#!/usr/bin/env bash
# call 8 (forty-seventh session, H200): g47 = main 1e087f3 + SMAX_DEV_STAGED=1 (development knob: the forward cluster
# kernel's f32 chunk kept in two stages of asynchronous copies, each folded into the item's partial as it lands, then
# one reduction of the items' partials; staged.diff). A = unset (main's path), S = set. A S S A; conformance of the
# f32 forward under S.
set -u
S=/tmp; tar xJf .dev/stage/g47.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "g47; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
B=$S/stage-g47
R() { local tag=$1; shift
  LD_LIBRARY_PATH=$B timeout 120 $B/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.06 "$@" > $L/$tag.txt 2>&1; echo "rc=$?" >> $L/$tag.txt
  echo "== $tag"; grep -A1 -E "^[0-9]+x[0-9]+ " $L/$tag.txt | awk '/copy/{c=$(NF-2)} /auto/{printf "%s/%s ", $(NF-2), c}'; echo; grep -E "FAIL|rror|rc=[1-9]" $L/$tag.txt | head -3; }
F="--shape 8x32000 --shape 32x32000 --shape 64x32000 --shape 128x32000 --shape 256x32000 --shape 512x32000 --shape 1x131072 --shape 4096x65536"
echo "f32: $F (auto us / copy us)"
R warm --algo auto --dtype f32 --shape 64x128 > /dev/null
n=0
for v in A S S A; do
  n=$((n+1)); t "round $n $v"
  if [ $v = A ]; then E="Y=1"; else E="SMAX_DEV_STAGED=1"; fi
  env $E bash -c "$(declare -f R); B=$B L=$L
  R f32-$n-$v --algo auto --dtype f32 $F
  R log-$n-$v --algo auto --log --dtype f32 --shape 32x32000 --shape 128x32000"
done
t "conformance, f32 forward, SMAX_DEV_STAGED=1"
for g in special layout values; do
  [ $((SECONDS-t0)) -gt 150 ] && break
  SMAX_DEV_STAGED=1 LD_LIBRARY_PATH=$B timeout 60 $B/smax_conformance --variant 'fwd f32->f32' --only $g > $L/conf-$g.txt 2>&1; echo "conf $g rc=$?"; tail -2 $L/conf-$g.txt
done
t end
