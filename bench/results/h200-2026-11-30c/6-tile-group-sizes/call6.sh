#!/usr/bin/env bash
# call 6 (twenty-sixth session, H200): the tile kernels with other group sizes (SMAX_TILE_GROUP, kernels/smax_geometry.h):
# m26 = main 140f1ac (groups of 256, the forward 6 a unit); g128 = groups of 128, the forward 12 a unit; g512 = groups
# of 512, the forward 3 a unit (same on-chip memory and registers a unit). A B C C B A, smax-bench auto, 2^25 elements.
set -u
S=/tmp; for b in m26 g128 g512; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m26 / g128 / g512 (sm_90 builds) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
for b in m26 g128 g512; do echo "$b: $(cuobjdump --dump-resource-usage $S/stage-$b/libsmax.so.0.2.0 2>&1 | grep -A1 'smax_fused_tile_bf16_bf16$' | grep -o 'REG:[0-9]* STACK:[0-9]*')"; done
R() { local tag=$1 b=$2; shift 2
  [ $SECONDS -gt 250 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$S/stage-$b timeout 60 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s/%s %s (%s)|", s, $(NF-2), c, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
ABBA() { local k=$1; shift; i=0; for b in m26 g128 g512 g512 g128 m26; do i=$((i+1)); R $k-$i-$b $b "$@"; done; t $k; }
ABBA t --dtype bf16 $(SH 33 100 145 181 229) --shape 16384x145
ABBA m --dtype f16 $(SH 145) --log --dtype bf16 $(SH 145 229) --dtype bf16,f16 $(SH 181)
t end
ABBA g --backward --dtype bf16 $(SH 145 229 457 1149) --dtype f16,f32 $(SH 457)
t end2
