#!/usr/bin/env bash
# call 1 (thirty-third session, H200): where the thirty-second session's loss lies: the gradient of bf16 y, dy -> f32 dx
# over columns around 3001, f1 (main's gradient kernels before 34fd3cb) against m32 (34fd3cb = main a855882), A B B A,
# % of copy, 2^25 elements; then ncu of both at 11181 x 3001 (softmax and log-softmax).
set -u
S=/tmp; for b in f1 m32; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "f1 m32 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 60 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
NC() { local tag=$1 b=$2 k=$3; shift 3; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 100 ncu --clock-control none --kernel-name regex:$k --launch-skip 2 --launch-count 1 --set full \
    --import-source no -o $L/$tag $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --rotate-mb 0 --algo auto "$@" > $L/ncu-$tag.txt 2>&1
  ncu --import $L/$tag.ncu-rep --page details > $L/$tag-details.txt 2>&1
  ncu --import $L/$tag.ncu-rep --page raw --csv > $L/$tag-raw.csv 2>&1; rm -f $L/$tag.ncu-rep
  echo "$tag: $(grep -E '^ +(Duration|DRAM Throughput|Issue Slots Busy|Achieved Occupancy|No Eligible|Registers Per Thread|Block Limit Registers|Local Memory Spilling Requests) ' $L/$tag-details.txt | awk '{$1=$1; print}' | tr '\n' ';')"; }
i=0; for b in f1 m32 m32 f1; do i=$((i+1))
  R ns-$i-$b $b --algo auto --backward --dtype f32,bf16 $(SH 1500 2048 2500 2999 3000 3001 3008 3500 4001)
  R nl-$i-$b $b --algo auto --log --backward --dtype f32,bf16 $(SH 2048 3001 4001)
done; t sweeps
for b in f1 m32; do
  NC s3001-$b $b smax_bwd --backward --dtype f32,bf16 $(SH 3001)
  NC l3001-$b $b smax_bwd --log --backward --dtype f32,bf16 $(SH 3001)
done; t end
