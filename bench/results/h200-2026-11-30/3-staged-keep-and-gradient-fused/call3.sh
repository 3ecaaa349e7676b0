#!/usr/bin/env bash
# call 3 (twenty-fourth session, H200): dev3 = main a9e934f + SMAX_DEV_CHUNKS/SMAX_DEV_GROUP (plan.c) + SMAX_DEV_ALONE
# (launch.c passes flag 0x200 to the forward cluster kernel, which then keeps its f32 chunk staged, folding each stage
# while the next lands, as the exchange kernel's launch of one row does). (1) f32 forward clusters staged or not, A B B A;
# (2) gradient rows that fit one group: auto (clusters where a unit holds under 3) against forced fused, A B B A.
set -u
S=/tmp; for b in dev3; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "dev3 a9e934f+SMAX_DEV_* $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
N=$S/stage-dev3
R() { local tag=$1 e=$2 a=$3; shift 3
  [ $SECONDS -gt 500 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo $a "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s/%s %s (%s)|", s, $(NF-2), c, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
SH() { local c=$1; shift; for r in "$@"; do printf -- "--shape %sx%s " $r $c; done; }
F1="$(SH 32000 8 16 24 32 48 64 96 128 192 256) $(SH 65536 1 4 16 32) $(SH 131072 1 4 16) $(SH 262144 1 4)"
i=0; for e in X=0 SMAX_DEV_ALONE=1 SMAX_DEV_ALONE=1 X=0; do i=$((i+1)); R fwd$i-${e%=*} $e auto --dtype f32 $F1; done; t fwd
RW="32 48 64 96 128 192 256 384"
for m in "bf16 32000" "bf16 20000" "bf16 50000" "f16 32000" "f32 16000" "f32 12000"; do
  set -- $m; d=$1; c=$2
  i=0; for a in auto fused fused auto; do i=$((i+1)); R bwd-$d-$c-$i-$a X=0 $a --backward --dtype $d $(SH $c $RW); done
done
t end
