#!/usr/bin/env bash
# call 7 (thirty-third session, H200): call 6's q4 lost at bf16 -> f32 4097 columns (96.1 -> 92.7), where its rows off
# the vector grid halve their 64-element lanes (64 lanes of 8 vectors, alone in a group of 64). q5 = q4 with rows of
# mixed widths never halving (q5.diff); q3 (fad5531), q4, q5, A B C C B A over rows off the grid and a few on it.
set -u
S=/tmp; for b in q3 q4 q5; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "q3 q4 q5 $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 100 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
i=0; for b in q3 q4 q5 q5 q4 q3; do i=$((i+1))
  R fs-$i-$b $b --algo auto --dtype bf16,f32 $(SH 1025 1537 2048 2049 2500 3001 4096 4097 4500 6145 8193)
  R hs-$i-$b $b --algo auto --dtype f16,f32 $(SH 2049 4097 6145)
  R fl-$i-$b $b --algo auto --log --dtype bf16,f32 $(SH 1149 2049 4097)
done; t end
