#!/usr/bin/env bash
# call 3 (twenty-fifth session, H200): (a) m25 (main a746fb7) with clusters on and off (SMAX_CLUSTERS=0: the
# device-memory exchange), A B B A, over forward rows past one group whose clusters take 8-16 chunks: f32 131072-327680
# columns, bf16 393216-589824, f32 log-softmax, f32 -> bf16, bf16 -> f32; (b) A = m25 / B = g25 (the gradient's tiles
# fetched a round of rows at a time, the forward's as main: g25.diff), A B B A.
set -u
S=/tmp; for b in m25 g25; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m25 clusters on/off; m25 / g25 (sm_90 builds) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2
  [ $SECONDS -gt 540 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$S/stage-$b timeout 100 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s/%s %s (%s)|", s, $(NF-2), c, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
SH() { local e=$1; shift; for s in "$@"; do printf -- "--shape %sx%s " $((e / s)) $s; done; }
OO() { local k=$1; shift; R $k-1-on m25 "$@"; SMAX_CLUSTERS=0 R $k-2-off m25 "$@"; SMAX_CLUSTERS=0 R $k-3-off m25 "$@"; R $k-4-on m25 "$@"; t $k; }
OO f32 --dtype f32 $(SH 268435456 131072 163840 196608 212992 229376 245760 262144 278528 294912)
OO f32few --dtype f32 --shape 64x262144 --shape 128x262144 --shape 128x229376 --shape 256x196608
OO bf16 --dtype bf16 $(SH 268435456 393216 458752 524288 589824)
OO mix --log --dtype f32 --shape 1024x262144 --shape 1024x229376
OO mix2 --dtype f32,bf16 --shape 1024x262144 --shape 1024x229376
OO mix3 --dtype bf16,f32 --shape 1024x262144 --shape 512x524288
AB() { local k=$1; shift; i=0; for b in m25 g25 g25 m25; do i=$((i+1)); R $k-$i-$b $b "$@"; done; t $k; }
SH2() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
AB bf16b --backward --dtype bf16 $(SH2 145 229 287 457 575 913 1149)
AB f16b --backward --dtype f16,f32 $(SH2 145 457 1149)
AB bf16f --dtype bf16 $(SH2 145 229 457)
t end
