#!/usr/bin/env bash
# call 3 (thirty-first session, H200): the gradient's deep on-chip kernel (smax_bwd_fused_deep), its batch by widths
# (16-bit y,dy -> 16-bit dx BB, -> f32 dx BW; f32 y,dy -> 16-bit dx FB, -> f32 dx FF). d1 = BB 5, BW 4, FB 2, FF 4;
# d2 = 6, 3, 2, 5; d3 = 5, 4, 2, 3 (-DSMAX_DEV_* at build). s = d1 run with SMAX_DEV_DEEP=0: every row on the shallow
# kernel, as main. A B C D D C B A.
set -u
S=/tmp; for b in d1 d2 d3; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "d1 d2 d3 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 e=$3; shift 3; local B=$S/stage-$b
  env $e LD_LIBRARY_PATH=$B timeout 90 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|FAIL" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
i=0; for v in s d1 d2 d3 d3 d2 d1 s; do i=$((i+1)); b=$v; e=X=0; [ $v = s ] && b=d1 && e=SMAX_DEV_DEEP=0
  R bb-$i-$v $b $e --algo auto --backward --dtype bf16 $(SH 575 725 1025 1149 1500 2049 2897 4097 6001 8192)
  R bh-$i-$v $b $e --algo auto --backward --dtype f16 $(SH 575 1149 1500 2897)
  R bl-$i-$v $b $e --algo auto --log --backward --dtype bf16 $(SH 575 1149 2897)
  R wf-$i-$v $b $e --algo auto --backward --dtype f32,bf16 $(SH 145 287 575 1500 3001 6001)
  R fb-$i-$v $b $e --algo auto --backward --dtype bf16,f32 $(SH 575 913 1149 1700 3001 4001 8192)
  R fh-$i-$v $b $e --algo auto --backward --dtype f16,f32 $(SH 575 1149 2500)
  R ff-$i-$v $b $e --algo auto --backward --dtype f32 $(SH 2299 3001 4097 5000 6001 8192)
  R fl-$i-$v $b $e --algo auto --log --backward --dtype f32 $(SH 3001 6001)
done; t sweeps
