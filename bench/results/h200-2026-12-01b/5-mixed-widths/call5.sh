#!/usr/bin/env bash
# call 5 (thirty-second session, H200): f1 (main's gradient kernels) against m32b (34fd3cb's: compiled apart for
# log-softmax) over the gradient's mixed widths and f16, log-softmax and softmax, A B B A, % of copy, 2^25 elements.
set -u
S=/tmp; for b in f1 m32; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "f1 m32(b) $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 60 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
i=0; for b in f1 m32 m32 f1; do i=$((i+1))
  R wl-$i-$b $b --algo auto --log --backward --dtype bf16,f32 $(SH 145 575 1149 3001) --shape 512x65536
  R nl-$i-$b $b --algo auto --log --backward --dtype f32,bf16 $(SH 145 575 1149 3001) --shape 1024x65536
  R hl-$i-$b $b --algo auto --log --backward --dtype f16 $(SH 145 575 1825 2897 7299)
  R ws-$i-$b $b --algo auto --backward --dtype bf16,f32 $(SH 575 1149 3001)
  R ns-$i-$b $b --algo auto --backward --dtype f32,bf16 $(SH 287 575 3001)
  R hs-$i-$b $b --algo auto --backward --dtype f16 $(SH 100 457 1825 7299) --shape 128x262144
  R fs-$i-$b $b --algo auto --backward --dtype f32 $(SH 145 1149 6001) --shape 128x262144
done; t end
