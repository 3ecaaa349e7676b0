#!/usr/bin/env bash
# call6.sh (sixty-seventh session; H100 or H200, the same SM): occupancy.diff (../h100-2026-12-06g) on the GPU.
# (1) A B B A, HIP on NVIDIA's bf16 forward exchange (../h100-2026-12-06g/hnv16.txt), one build, hnv-x = main 05d1f88
#     + occupancy.diff + dev-hnv-x.diff (development knobs, not main): SMAX_DEV_NO_FIT=1 plans as main; unset, by the
#     occupancy rule. (3), as time allows: SMAX_DEV_NO_FIT=1 SMAX_DEV_EXCHANGE_ITEMS=256|128, main's plans in groups
#     of that size; f16 main and rule; CUDA (cu-m, main) beside.
# (2) plans: cu-o (main + occupancy.diff, CUDA sm_90) against cu-m (main 05d1f88) over plans.txt, f32 and bf16, forward
#     and gradient: CUDA's exchange takes 40 registers an item, so the rule must leave every plan as it was.
# Run: END=330 bash bench/results/h100-2026-12-06h/call6.sh (carry .dev/stage/hnv-x.txz .dev/stage/cu-o.txz
# .dev/stage/cu-m.txz)
set -u
R=bench/results/h100-2026-12-06h; G=bench/results/h100-2026-12-06g; S=/tmp; END=${END:-330}
for b in hnv-x cu-o cu-m; do rm -rf $S/stage-$b; tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }; left() { echo $((END-(SECONDS-t0))); }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
SB() { local tag=$1 b=$2 shapes=$3; shift 3; local N=$S/stage-$b
  local lim=$(left); [ $lim -lt 20 ] && { echo "$tag: skipped (time)"; return; }; [ $lim -gt 90 ] && lim=90
  LD_LIBRARY_PATH=$N timeout $lim $N/smax-bench --no-overhead --quiet --algo auto --shapes $shapes "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt; }
res() { awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %s %s %s%%; ", s, $3, $4, $i, $(i+4)}}' $L/$1.txt; tail -1 $L/$1.txt; }
ab() { local tag=$1-$2-$SECONDS; shift 2; SB $tag "$@"; echo "$tag: $(res $tag)"; }
# (1) bf16 main / rule, A B B A
for v in m o o m; do
  if [ $v = m ]; then SMAX_DEV_NO_FIT=1 ab hnv-main bf16 hnv-x $G/hnv16.txt --reps 7 --max-seconds 0.2 --dtype bf16
  else ab hnv-rule bf16 hnv-x $G/hnv16.txt --reps 7 --max-seconds 0.2 --dtype bf16; fi
done
t "hip on nvidia bf16"
# (2)
plans() { awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {print s, $2, $3, $4, $5, $6, $7}' $L/$1.txt; }
for m in f32-bwd bf16 f32 bf16-bwd; do
  dt=${m%-bwd}; dir=; [ $m != $dt ] && dir=--backward
  for b in cu-m cu-o; do SB plans-$b-$m $b $R/plans.txt --reps 3 --max-seconds 0.005 --rotate-mb 0 --dtype $dt $dir; plans plans-$b-$m > $L/plans-$b-$m.plans; done
  echo "plans $m: main $(wc -l < $L/plans-cu-m-$m.plans) shapes ($(grep -h 'runs:' $L/plans-cu-m-$m.txt)), rule $(wc -l < $L/plans-cu-o-$m.plans) ($(grep -h 'runs:' $L/plans-cu-o-$m.txt)); differ: $(diff $L/plans-cu-m-$m.plans $L/plans-cu-o-$m.plans | grep -c '^>')"
  diff $L/plans-cu-m-$m.plans $L/plans-cu-o-$m.plans | head -10
  t "plans $m"
done
# (3) as time allows: main's plans in groups of 256 and 128; f16 main / rule; CUDA beside
for v in 256 128; do SMAX_DEV_NO_FIT=1 SMAX_DEV_EXCHANGE_ITEMS=$v ab hnv-$v bf16 hnv-x $G/hnv16.txt --reps 7 --max-seconds 0.2 --dtype bf16; done
SMAX_DEV_NO_FIT=1 ab hnv-main f16 hnv-x $G/hnv16.txt --reps 7 --max-seconds 0.2 --dtype f16
ab hnv-rule f16 hnv-x $G/hnv16.txt --reps 7 --max-seconds 0.2 --dtype f16
ab cu-main bf16 cu-m $G/hnv16.txt --reps 7 --max-seconds 0.2 --dtype bf16
t end
