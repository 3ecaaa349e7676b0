#!/usr/bin/env bash
# call 4 (twenty-seventh session, H200): k28 = the working tree (row passes compiled for row slots of 2-128 lanes,
# forward and gradient tiles) + knobs (k28.diff): SMAX_DEV_NARROW=1 sends row slots of 64 and 128 lanes to the pass
# with lanes at run time (as c27/k27); SMAX_DEV_FWD16_TILE_UPTO=c keeps forward rows of two 16-bit sides up to c
# columns as tiles where on-chip memory outpaces. A B B A, smax-bench auto, 2^25 elements a shape.
set -u
S=/tmp; for b in k28; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "k28 (sm_90 build) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 e=$3; shift 3
  [ $SECONDS -gt 400 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$S/stage-$b timeout 90 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s/%s %s (%s)|", s, $(NF-2), c, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
ABBA() { local k=$1; shift; i=0; for j in 0 1 1 0; do i=$((i+1)); R $k-$i-$j ${V[$j]% *} "${V[$j]#* }" "$@"; done; t $k; }
V=("k28 SMAX_DEV_NARROW=1" "k28 X=0")
ABBA gw --backward --dtype bf16 $(SH 575 725 913 1149 1449 1825)
ABBA gwl --backward --log --dtype bf16 $(SH 575 1149)
ABBA gwh --backward --dtype f16 $(SH 575 1149)
V=("k28 SMAX_DEV_NARROW=1 SMAX_DEV_FWD16_TILE_UPTO=2048" "k28 SMAX_DEV_FWD16_TILE_UPTO=2048")
ABBA fw --dtype bf16 $(SH 575 725 1149)
V=("k28 X=0" "k28 SMAX_DEV_FWD16_TILE_UPTO=512")
ABBA sw --dtype bf16 $(SH 260 270 287 300 310 320 321 330 340 352 363 380 400 420 440 457 470 490 500 511)
ABBA swh --dtype f16 $(SH 270 300 321 340 380 420 470 511)
ABBA swl --log --dtype bf16 $(SH 270 300 321 340 380 420 470 511)
ABBA swm --dtype bf16,f16 $(SH 300 340 420 511)
t end
