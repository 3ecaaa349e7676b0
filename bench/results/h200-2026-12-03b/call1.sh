#!/usr/bin/env bash
# call 1 (forty-fifth session, H200): x45 = main 580bf2d + two experiment knobs in common/plan.c:
# SMAX_X_PERCU=k lets the device-memory exchange take up to k chunks a row per compute unit (main: 1),
# SMAX_X_ITEMB=b sets SMAX_COOP_MIN_ITEM_BYTES (main: 128). Unset = main's plans.
set -u
S=/tmp; for s in x45 hx45; do tar xJf .dev/stage/$s.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "x45 = 580bf2d + knobs; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "== $tag"; grep -E "^[0-9]+x[0-9]+|auto|copy|FAIL|rror" $L/$tag.txt | grep -v "^worst" | head -40; }
cfg() { local tag=$1 b=$2; shift 2; t "cfg $tag: $*"
  env "$@" bash -c "$(declare -f R); S=$S L=$L
  R b32-$tag $b --backward --algo auto --dtype f32 --shape 256x1048576 --shape 32x1048576 --shape 128x1048576 --shape 256x600000 --shape 64x2097152 --shape 1024x262144
  R f32-$tag $b --algo auto --dtype f32 --shape 256x2097152 --shape 32x2097152 --shape 256x1048576
  R b16-$tag $b --backward --algo auto --dtype bf16 --shape 256x2097152 --shape 256x1048576
  R f16-$tag $b --algo auto --dtype bf16 --shape 256x1048576"; }
R warm x45 --algo auto --dtype f32 --shape 64x128
cfg p1 x45 A=1
cfg p2 x45 SMAX_X_PERCU=2
cfg p3 x45 SMAX_X_PERCU=3
cfg p2b x45 SMAX_X_PERCU=2
cfg p1b x45 A=1
cfg p2i96 x45 SMAX_X_PERCU=2 SMAX_X_ITEMB=96
cfg p2i192 x45 SMAX_X_PERCU=2 SMAX_X_ITEMB=192
t hip
for v in 1 2 1 2; do SMAX_X_PERCU=$v R h-b32-p$v-$SECONDS hx45 --backward --algo auto --dtype f32 --shape 256x1048576 --shape 32x1048576 --shape 256x600000; done
t end
