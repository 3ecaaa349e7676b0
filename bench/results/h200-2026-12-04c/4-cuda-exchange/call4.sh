#!/usr/bin/env bash
# call 4 (forty-eighth session, H200): CUDA sm_90, the gradient's device-memory exchange by bulk copies (c90 = the
# session's tree e140ead as built, main's path) against every item's asynchronous copies (xa = the same tree built with
# -DSMAX_DEV_BWD_EXCHANGE_ASYNC, development only: the exchange takes smax_bwd_held_keep_async though the device has
# bulk copies; clusters keep theirs). A B B A, % of copy, auto.
set -u
S=/tmp; for n in c90 xa; do tar xJf .dev/stage/$n.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "c48-4; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1; echo "rc=$?" >> $L/$tag.txt
  echo "== $tag"; grep -A1 -E "^[0-9]+x[0-9]+ " $L/$tag.txt | grep -E "auto|FAIL" | awk '{print $NF}' | tr '\n' ' '; echo; grep -E "FAIL|rror|rc=[1-9]" $L/$tag.txt | head -3; }
F="--shape 256x1048576 --shape 256x600000 --shape 512x393216 --shape 1024x262144 --shape 32x1048576"
H="--shape 256x2097152 --shape 256x1048576 --shape 512x524288"
echo "f32 gradient: $F"; echo "bf16 gradient: $H"; echo "(% of copy, auto)"
R warm xa --algo auto --dtype f32 --shape 64x128 > /dev/null
n=0
for v in c90 xa xa c90; do
  n=$((n+1)); t "round $n $v"
  R f32-$n-$v $v --algo auto --dtype f32 --backward $F
  R bf16-$n-$v $v --algo auto --dtype bf16 --backward $H
done
t "conformance xa, gradient variants, SMAX_CLUSTERS=0 (every multi-chunk row through the exchange)"
B=$S/stage-xa
SMAX_CLUSTERS=0 LD_LIBRARY_PATH=$B timeout 170 $B/smax_conformance --variant 'bwd y,dy:f32 dx:f32+bwd y,dy:bf16 dx:bf16+bwd y,dy:f16 dx:f16+bwd y,dy:f16 dx:f32+bwd y,dy:f32 dx:f16+bwd y,dy:bf16 dx:f32+bwd y,dy:f32 dx:bf16+bwd y,dy:f16 dx:bf16+bwd y,dy:bf16 dx:f16' > $L/conf-xa.txt 2>&1; echo "rc=$?" >> $L/conf-xa.txt
tail -3 $L/conf-xa.txt
t end
