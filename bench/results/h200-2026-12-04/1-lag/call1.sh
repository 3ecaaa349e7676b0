#!/usr/bin/env bash
# call 1 (forty-sixth session, H200): x46 = main 179d93f + SMAX_X_LAG=L: in the device-memory exchange
# (smax_mb_onchip, smax_bwd_mb_onchip) a group holds its loads until the group L rows before it (same chunk) has
# published its partial, so rows load one after another and a row's writes overlap the next rows' reads.
set -u
S=/tmp; for s in x46; do tar xJf .dev/stage/$s.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "x46 = 179d93f + SMAX_X_LAG; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 100 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.08 "$@" > $L/$tag.txt 2>&1; echo "rc=$?" >> $L/$tag.txt
  echo "== $tag"; grep -E "^[0-9]+x[0-9]+|auto|FAIL|rror|rc=" $L/$tag.txt | grep -v "^worst" | head -60; }
cfg() { local tag=$1 b=$2; shift 2; t "cfg $tag: $*"
  env "$@" bash -c "$(declare -f R); S=$S L=$L
  R b32-$tag $b --backward --algo auto --dtype f32 --shape 256x1048576 --shape 256x600000 --shape 1024x262144 --shape 512x393216
  R f32-$tag $b --algo auto --dtype f32 --shape 256x2097152 --shape 256x1048576 --shape 1024x262144 --shape 512x524288
  R b16-$tag $b --backward --algo auto --dtype bf16 --shape 256x2097152 --shape 256x1048576 --shape 512x524288
  R h16-$tag $b --algo auto --dtype bf16 --shape 256x1048576 --shape 256x2097152"; }
R warm x46 --algo auto --dtype f32 --shape 64x128
cfg lag0 x46 A=1
cfg lag1 x46 SMAX_X_LAG=1
cfg lag2 x46 SMAX_X_LAG=2
cfg lag3 x46 SMAX_X_LAG=3
cfg lag0b x46 A=1
t end
