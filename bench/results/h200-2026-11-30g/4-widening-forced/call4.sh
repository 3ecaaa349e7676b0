#!/usr/bin/env bash
# call 4 (thirtieth session, H200): f30 = e30 (the mixed-width gradient's on-chip lanes of 1.5-3 vectors) +
# SMAX_DEV_FUSED (2 on-chip, 3 registers, 0 the plan): 16-bit y -> f32 dx rows of 65-769 columns, registers against
# on-chip, A B C C B A, softmax and log-softmax.
set -u
S=/tmp; for b in f30; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "f30 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 e=$3; shift 3
  env $e LD_LIBRARY_PATH=$S/stage-$b timeout 90 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
W="65 100 145 200 257 300 350 457 511 640 700 767 769"
i=0; for m in 0 3 2 2 3 0; do i=$((i+1))
  R fh-$i-$m f30 SMAX_DEV_FUSED=$m --algo auto --backward --dtype f32,f16 $(SH $W)
  R fb-$i-$m f30 SMAX_DEV_FUSED=$m --algo auto --backward --dtype f32,bf16 $(SH $W)
done; t forced
i=0; for m in 3 2 2 3; do i=$((i+1))
  R fl-$i-$m f30 SMAX_DEV_FUSED=$m --algo auto --log --backward --dtype f32,bf16 $(SH 145 287 457 575 733 913)
done; t log
