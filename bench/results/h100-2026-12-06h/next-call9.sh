#!/usr/bin/env bash
# Ran as ../h100-2026-12-07 call 2 (at main f79e49f, whose plans are f977f7c's). next-call9.sh (H100 or H200): HIP on NVIDIA at f977f7c, where the occupancy
# rule changed its plans (call 6 measured three shapes of the 16-bit forward only).
# (1) smax_conformance on HIP on NVIDIA (hnv-n): the default tiers, every variant; then --large --only large for the
#     forward exchanges whose registers the rule reads (bf16 -> bf16 and f16 -> f16: 48 an item; f32 -> f16: 52).
# (2) smax-bench auto, f32 -> f16 forward (52 registers: the rule halves its groups too; unmeasured) and the 16-bit
#     forward at hnv16.txt, HIP on NVIDIA (hnv-n) beside CUDA (cu-n), two rounds each.
# Run: END=560 bash bench/results/h100-2026-12-06h/next-call9.sh (carry .dev/stage/hnv-n.txz: f977f7c's HIP on NVIDIA,
# sm_90, with smax_conformance; .dev/stage/cu-n.txz: f977f7c's CUDA)
set -u
R=bench/results/h100-2026-12-06h; G=bench/results/h100-2026-12-06g; S=/tmp; END=${END:-560}
for b in hnv-n cu-n; do rm -rf $S/stage-$b; tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }; left() { echo $((END-(SECONDS-t0))); }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
H=$S/stage-hnv-n
# (1)
f=$L/conf-default.txt; LD_LIBRARY_PATH=$H timeout 200 $H/smax_conformance > $f 2>&1; echo "conformance (default): rc=$? $(tail -1 $f)"
t "conformance default"
for v in "fwd bf16->bf16" "fwd f16->f16" "fwd f32->f16"; do
  l=$(( $(left) - 150 )); [ $l -lt 30 ] && { echo "conformance --large, $v: skipped (time)"; continue; }; [ $l -gt 100 ] && l=100
  f=$L/conf-large-$(echo "$v" | tr -c 'a-z0-9' _).txt
  LD_LIBRARY_PATH=$H timeout $l $H/smax_conformance --large --only large --variant "$v" > $f 2>&1
  echo "conformance --large --only large, $v: rc=$? $(tail -1 $f)"
done
t "conformance large"
# (2)
printf '256 1048576\n32 1048576\n64 2097152\n256 600000\n' > $L/f32f16.txt
SB() { local tag=$1 b=$2 shapes=$3; shift 3; local N=$S/stage-$b
  local lim=$(left); [ $lim -lt 20 ] && { echo "$tag: skipped (time)"; return; }; [ $lim -gt 60 ] && lim=60
  LD_LIBRARY_PATH=$N timeout $lim $N/smax-bench --no-overhead --quiet --algo auto --reps 7 --max-seconds 0.2 --shapes $shapes "$@" > $L/$tag.txt 2>&1
  echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %s %s %s%%; ", s, $3, $4, $i, $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
for r in 1 2; do
  for b in hnv-n cu-n; do
    SB $b-f32f16-$r $b $L/f32f16.txt --dtype f32,f16
    SB $b-bf16-$r $b $G/hnv16.txt --dtype bf16
  done
done
t end
