#!/usr/bin/env bash
# call 6 (thirty-third session, H200): forward rows of a 16-bit x written as f32 with lanes of SMAX_WIDE_LANE_BYTES of
# their input (64 elements) rather than of their output (32; q4.diff), now that those rows write whole sectors: the
# 64-element lanes had lost before the quads (bf16 -> f32 8192 93.3 -> 87.1; h200-2026-11-28d). q3 (fad5531) against
# q4, A B B A, % of copy, 2^25 elements.
set -u
S=/tmp; for b in q3 q4; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "q3 q4 $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 100 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
i=0; for b in q3 q4 q4 q3; do i=$((i+1))
  R fs-$i-$b $b --algo auto --dtype bf16,f32 $(SH 300 575 800 1149 1500 2049 3001 4097 5000 8192 12000 16384)
  R fl-$i-$b $b --algo auto --log --dtype bf16,f32 $(SH 575 1149 3001 8192)
  R hs-$i-$b $b --algo auto --dtype f16,f32 $(SH 575 1149 3001 5000 8192)
done; t end
