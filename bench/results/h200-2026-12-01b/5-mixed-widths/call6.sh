#!/usr/bin/env bash
# call 6 (thirty-second session, H200): where call 5's loss lies: the gradient of bf16 y, dy -> f32 dx (softmax) over
# columns around 3001, f1 (main's kernels) against m32b (34fd3cb), A B B A, % of copy, 2^25 elements.
set -u
S=/tmp; for b in f1 m32; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "f1 m32(b) $(cat .dev/commit) $(date -u)"
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 60 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
i=0; for b in f1 m32 m32 f1; do i=$((i+1))
  R ns-$i-$b $b --algo auto --backward --dtype f32,bf16 $(SH 1500 2048 2500 2999 3000 3001 3008 3500 4001)
done; t end
