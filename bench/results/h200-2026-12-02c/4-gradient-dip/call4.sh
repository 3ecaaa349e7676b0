#!/usr/bin/env bash
# call 4 (forty-first session, H200): the f32 gradient's dip at about 6000 columns (call 3's sweep: 11184 x 6000
# 88.7% of copy against Triton's 101.9; 8192 x 8192 97.3 against 100.8). m41 = main 5a81e8e. smax-bench, every
# shape at 2^25 elements: fused (today's plan), multiblock (forced: clusters or the device-memory exchange) and
# auto, softmax and log-softmax gradients, f32 and bf16, two rounds; the forward f32 alike.
set -u
S=/tmp; tar xJf .dev/stage/m41.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m41 = 5a81e8e (HEAD $(cat .dev/commit)); $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s %s (%s)|", s, $1, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
C="4096 4500 5000 5500 6000 6500 7000 7500 8192 9000"
R warm m41 --algo auto --dtype f32 --shape 64x128 > /dev/null
for i in 1 2; do
  R bwd-$i m41 --backward --algo fused,multiblock,auto --dtype f32 $(SH $C)
  R bwdlog-$i m41 --backward --log --algo fused,multiblock,auto --dtype f32 $(SH 5000 6000 7000 8192)
  R bwdb-$i m41 --backward --algo fused,multiblock,auto --dtype bf16 $(SH 6000 8192 12288)
  R fwd-$i m41 --algo fused,multiblock,auto --dtype f32 $(SH 5000 6000 7000 8192)
  t round $i
done
t end
