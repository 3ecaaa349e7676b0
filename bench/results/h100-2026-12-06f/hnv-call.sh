#!/usr/bin/env bash
# hnv-call.sh: the load stagger (forward and gradient) on HIP on NVIDIA, which had not been measured on the H100.
# Build hnv-s: main e854e21, HIP backend on NVIDIA (scripts/hip-nvidia-toolchain.sh, nvcc 11.8, Release), staged
# with ../h100-2026-12-06b/stage.sh. Rounds 0 R R 0 in one build: 0 = SMAX_STAGGER=0 (no stagger, either
# direction), R = unset (the planner's rule, exchange_stagger in common/plan.c). Shapes: ../h100-2026-12-06e's sets.
# Then the large conformance tier (`--large --only large`) of the f32 forward and gradient on HIP on NVIDIA and on
# CUDA (cu-h: main e854e21, CUDA 13, Release, 90-real), as long as time lasts.
# Run: END=330 bash bench/results/h100-2026-12-06f/hnv-call.sh   (carry .dev/stage/hnv-s.txz, .dev/stage/cu-h.txz)
set -u
R6=bench/results/h100-2026-12-06e; S=/tmp; END=${END:-300}
for b in hnv-s cu-h; do tar xJf .dev/stage/$b.txz -C $S; done; N=$S/stage-hnv-s
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; left() { local l=$((END-(SECONDS-t0))); [ $l -gt ${1:-9999} ] && l=$1; echo $l; }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for item in fwd-f32:f32: fwd-bf16:bf16: cpc-f32bwd:f32:b cpc-bf16bwd:bf16:b; do IFS=: read -r set dt dir <<< "$item"
  for r in 0 R R 0; do tag=hnv-$set-$r-$SECONDS; [ $(left) -lt 20 ] && { echo "$tag: skipped (time)"; continue; }
    ( [ $r = 0 ] && export SMAX_STAGGER=0
      LD_LIBRARY_PATH=$N timeout $(left 100) $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto \
        --shapes $R6/$set.txt --dtype $dt ${dir:+--backward} > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt )
    echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %sus %s%%; ", s, $i, $(i+2), $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"
  done; done
echo "[$((SECONDS-t0)) s] bench"
for b in cu-h hnv-s; do for v in "fwd f32->f32" "bwd y,dy:f32 dx:f32"; do
  [ $(left) -lt 30 ] && { echo "$b conformance --large, $v: skipped (time)"; continue; }
  f=$L/conf-large-$b-$(echo "$v" | tr -c 'a-z0-9' _).txt; s=$SECONDS
  LD_LIBRARY_PATH=$S/stage-$b timeout $(left 150) $S/stage-$b/smax_conformance --large --only large --variant "$v" > $f 2>&1
  echo "$b conformance --large --only large, $v: rc=$? $((SECONDS-s)) s: $(tail -1 $f)"; done; done
echo "[$((SECONDS-t0)) s] done"
