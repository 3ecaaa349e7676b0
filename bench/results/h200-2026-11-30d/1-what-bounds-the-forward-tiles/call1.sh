#!/usr/bin/env bash
# call 1 (twenty-seventh session, H200): what bounds the forward tiles of two 16-bit sides. d27 = main c51a8d7 +
# SMAX_DEV_TILE_MODE (t27.diff): 0 main's kernel, 1 the row pass replaced by a bit copy of the tile (fetch, barrier,
# copy, barrier, store), 2 the row pass run twice, 3 no fetch (the row pass on whatever on-chip memory holds), 4 no
# store. A B C D E E D C B A, smax-bench auto, 2^25 elements a shape (modes 1, 3, 4 fail verification by design);
# then ncu of modes 0 and 1 at bf16 231409 x 145.
set -u
S=/tmp; for b in d27; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "d27 (sm_90 build) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 e=$3; shift 3
  [ $SECONDS -gt 330 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$S/stage-$b timeout 60 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s/%s %s (%s)|", s, $(NF-2), c, $NF, substr(pl,2)}' $L/$tag.txt)"; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
V=("d27 SMAX_DEV_TILE_MODE=0" "d27 SMAX_DEV_TILE_MODE=1" "d27 SMAX_DEV_TILE_MODE=2" "d27 SMAX_DEV_TILE_MODE=3" "d27 SMAX_DEV_TILE_MODE=4")
ABBA() { local k=$1; shift; i=0; for j in 0 1 2 3 4 4 3 2 1 0; do i=$((i+1)); R $k-$i-m$j ${V[$j]% *} "${V[$j]#* }" "$@"; done; t $k; }
ABBA bf16 --dtype bf16 $(SH 33 100 145 229 575 1149)
ABBA log --log --dtype bf16 $(SH 145 229)
N=$S/stage-d27
for m in 0 1; do
  [ $SECONDS -gt 480 ] && break
  SMAX_DEV_TILE_MODE=$m LD_LIBRARY_PATH=$N timeout 100 ncu --clock-control none --set full -k regex:fused_tile -c 1 \
    $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.01 --rotate-mb 0 --algo auto --dtype bf16 --shape 231409x145 > $L/ncu-m$m.txt 2>&1
  echo "ncu m$m: $(grep -E '^ +(Duration|DRAM Throughput|Issue Slots Busy|Achieved Occupancy|Eligible Warps Per Scheduler|No Eligible) ' $L/ncu-m$m.txt | awk '{printf "%s=%s ", $1" "$2, $NF}')"
done
t end
