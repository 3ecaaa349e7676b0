#!/usr/bin/env bash
# call 3 (2026-11-27): the ring kernel with its next row's scalars held and the wait for this row's copies
# alone; ABBA against the group-per-chunk cluster (SMAX_DEV_NO_RING=1) and, for the gradient clusters of
# several groups a unit, the ring everywhere (SMAX_DEV_RING_ALL=1); ncu of the ring at 512 x 262144.
set -u
S=/tmp; for f in .dev/stage/*.tgz; do tar xzf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
N=$S/stage-cuda
B() { local tag=$1; shift; LD_LIBRARY_PATH=$N timeout 90 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --backward "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt; }
ONE="--dtype f32 --shape 512x262144 --shape 128x262144 --shape 512x262143 --dtype bf16 --shape 256x524288"
MANY="--dtype f32 --shape 4096x50257 --shape 4096x50256 --shape 1024x32768 --shape 1024x128256 --dtype bf16 --shape 4096x50257"
for v in ring none none ring; do
  if [ $v = none ]; then export SMAX_DEV_NO_RING=1; else unset SMAX_DEV_NO_RING; fi
  B $v-one-$SECONDS $ONE
done
unset SMAX_DEV_NO_RING
t "one a unit"
for v in all plain plain all; do
  if [ $v = all ]; then export SMAX_DEV_RING_ALL=1; else unset SMAX_DEV_RING_ALL; fi
  B $v-many-$SECONDS $MANY
done
unset SMAX_DEV_RING_ALL
t "many a unit"
for f in $L/*-one-*.txt $L/*-many-*.txt; do printf "%s: " $(basename $f .txt); awk '/^[0-9]+x/{s=$1} $1=="auto"{printf "%s %s %s %s; ", s, $3, $4, $(NF-1)} /FAIL|error/{printf "!! %s ", $0}' $f; echo; done
t ncu
timeout 150 ncu --set full --import-source no -k regex:smax_bwd_mb_cluster --launch-skip 2 --launch-count 1 -o /tmp/rep-ring env LD_LIBRARY_PATH=$N \
  $N/smax-bench --reps 2 --max-seconds 0.02 --no-overhead --quiet --algo auto --backward --dtype f32 --shape 512x262144 > $L/ncu-ring.log 2>&1
ncu -i /tmp/rep-ring.ncu-rep --page details > $L/ncu-ring.txt 2>&1
ncu -i /tmp/rep-ring.ncu-rep --page source --csv --print-source sass > $L/sass-ring.csv 2>&1
t "ncu ring: $(grep -E 'DRAM Throughput|Duration|Achieved Occupancy|Registers Per' $L/ncu-ring.txt | tr -s ' ' | tr '\n' '|')"
t end
