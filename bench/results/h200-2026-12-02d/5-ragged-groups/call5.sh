#!/usr/bin/env bash
# call 5 (forty-second session, H200): the gradient's on-chip rows of 7300-9500 f32 columns take groups of 512
# (row_group_size: three rows' on-chip memory a unit), whose 48 registers an item hold two of them a unit; the
# deep kernel's groups of 256 (64 registers) would hold three. g42 = main (ab0a6f4-equivalent build m42b) +
# .dev/bwdgroup.diff (experiment only: SMAX_X_BWD_GROUP caps the gradient's on-chip group). A B B A: default, 256.
set -u
S=/tmp; tar xJf .dev/stage/g42.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "g42 = $(cat .dev/commit) + bwdgroup.diff; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s %s (%s)|", s, $1, ($1=="auto"?$(NF-1):$NF), substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
R warm g42 --algo auto --dtype f32 --shape 64x128 > /dev/null
round() { local tag=$1; if [ -n "${2:-}" ]; then export SMAX_X_BWD_GROUP=$2; else unset SMAX_X_BWD_GROUP; fi
  R $tag-f32 g42 --backward --algo fused --dtype f32 $(SH 7000 7300 7500 8192 9000 9216 9500)
  R $tag-f32log g42 --backward --log --algo fused --dtype f32 $(SH 7500 8192 9216)
  R $tag-bf16dx g42 --backward --algo fused --dtype bf16,f32 $(SH 7500 8192 9216 9500) --shape 1024x8192
  R $tag-bf16 g42 --backward --algo fused --dtype bf16 $(SH 14600 16384 18000)
  unset SMAX_X_BWD_GROUP; t $tag; }
round a1; round b1 256; round b2 256; round a2
t end
