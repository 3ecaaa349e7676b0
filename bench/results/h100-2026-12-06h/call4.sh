#!/usr/bin/env bash
# call4.sh (sixty-seventh session): occupancy.diff (../h100-2026-12-06g) on the GPU.
# (1) plans: cu-o (main 05d1f88 + occupancy.diff, CUDA sm_90) against cu-m (main 05d1f88, CUDA sm_90) over plans.txt, f32 and bf16,
#     forward and gradient: CUDA's exchange takes 40 registers an item, so the rule must leave every plan as it was.
# (2) A B B A, HIP on NVIDIA's 16-bit forward exchange: hnv-o (main + occupancy.diff, sm_90) against hnv-g (main's
#     plans; call3.sh's build), bf16 and f16, on ../h100-2026-12-06g/hnv16.txt; CUDA's (cu-m) beside.
# Run: END=500 bash bench/results/h100-2026-12-06h/call4.sh (carry .dev/stage/cu-o.txz .dev/stage/hnv-o.txz
# .dev/stage/cu-m.txz; hnv-g from call3.sh's extraction on the same warm machine, else carried too)
set -u
R=bench/results/h100-2026-12-06h; G=bench/results/h100-2026-12-06g; S=/tmp; END=${END:-500}
for b in cu-o hnv-o cu-m hnv-g; do [ -d $S/stage-$b ] || [ ! -f .dev/stage/$b.txz ] || tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }; left() { echo $((END-(SECONDS-t0))); }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
for b in cu-o hnv-o cu-m hnv-g; do [ -x $S/stage-$b/smax-bench ] || echo "stage $b: missing"; done
SB() { local tag=$1 b=$2 shapes=$3; shift 3; local N=$S/stage-$b
  [ $(left) -lt 30 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 90 $N/smax-bench --no-overhead --quiet --algo auto --shapes $shapes "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt; }
plans() { awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {print s, $3, $4, $5, $6, $7, $8}' $L/$1.txt; }
res() { awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %s %s%%; ", s, $3, $i, $(i+4)}}' $L/$1.txt; tail -1 $L/$1.txt; }
# (2) first
for v in m o o m; do
  for dt in bf16 f16; do
    if [ $v = m ]; then SB hnv-m-$dt-$SECONDS hnv-g $G/hnv16.txt --reps 7 --max-seconds 0.2 --dtype $dt; tag=hnv-m-$dt
    else SB hnv-o-$dt-$SECONDS hnv-o $G/hnv16.txt --reps 7 --max-seconds 0.2 --dtype $dt; tag=hnv-o-$dt; fi
    f=$(ls -t $L/$tag-*.txt | head -1); echo "$tag: $(res $(basename $f .txt))"
  done
done
SB cu-main-bf16 cu-m $G/hnv16.txt --reps 7 --max-seconds 0.2 --dtype bf16; echo "cu-main-bf16: $(res cu-main-bf16)"
t "hip on nvidia"
# (1)
for dir in "" --backward; do for dt in f32 bf16; do
  for b in cu-m cu-o; do SB plans-$b-$dt${dir:+-bwd} $b $R/plans.txt --reps 3 --max-seconds 0.005 --rotate-mb 0 --dtype $dt $dir; done
  a=plans-cu-m-$dt${dir:+-bwd}; o=plans-cu-o-$dt${dir:+-bwd}
  plans $a > $L/$a.plans; plans $o > $L/$o.plans
  echo "plans $dt${dir:+ backward}: main $(wc -l < $L/$a.plans) shapes, occupancy $(wc -l < $L/$o.plans); differ: $(diff <(cut -d' ' -f1-6 $L/$a.plans) <(cut -d' ' -f1-6 $L/$o.plans) | grep -c '^>')"
  diff <(cut -d' ' -f1-6 $L/$a.plans) <(cut -d' ' -f1-6 $L/$o.plans) | head -20
  echo "  verification: main $(tail -2 $L/$a.txt | head -1); occupancy $(tail -2 $L/$o.txt | head -1)"
done; done
t end
