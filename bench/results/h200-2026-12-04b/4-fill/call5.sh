#!/usr/bin/env bash
# call 5 (forty-seventh session, H200): s47 = main 800dfe5 + SMAX_DEV_FILL=u (development knob: in the forward
# cluster kernel, group g delays its loads by (g / 132) * u * 128 ns, slots 1-15, so that the first groups of a
# compute unit load in turn instead of all at once). 0 = main's kernel path. Rounds 0 5 10 20 0 10.
set -u
S=/tmp; tar xJf .dev/stage/s47.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "s47; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 120 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.08 "$@" > $L/$tag.txt 2>&1; echo "rc=$?" >> $L/$tag.txt
  echo "== $tag"; grep -A1 -E "^[0-9]+x[0-9]+ " $L/$tag.txt | awk '/copy/{c=$(NF-2)} /auto/{printf "%s/%s ", $(NF-2), c}'; echo; grep -E "FAIL|rror|rc=[1-9]" $L/$tag.txt | head -3; }
F="--shape 32x32000 --shape 64x32000 --shape 128x32000 --shape 256x32000 --shape 512x32000 --shape 1024x32000 --shape 4096x65536 --shape 8192x50257 --shape 4096x128256"
H="--shape 512x32000 --shape 1024x32000"
echo "f32: $F"; echo "bf16: $H"; echo "(auto us / copy us)"
R warm s47 --algo auto --dtype f32 --shape 64x128 > /dev/null
n=0
for v in 0 5 10 20 0 10; do
  n=$((n+1)); t "round $n fill $v"
  env SMAX_DEV_FILL=$v bash -c "$(declare -f R); S=$S L=$L
  R f32-$n-$v s47 --algo auto --dtype f32 $F
  R bf16-$n-$v s47 --algo auto --dtype bf16 $H"
  [ $((SECONDS-t0)) -gt 450 ] && break
done
t end
