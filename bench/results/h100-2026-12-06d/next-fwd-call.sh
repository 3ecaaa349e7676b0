#!/usr/bin/env bash
# PREPARED, NOT RUN (this session's device time was spent): does the forward's device-memory exchange gain on the
# H100 from the gradient's load stagger (4b998fe)? On the H200 it had gained less and lost elsewhere
# (common/plan.c, the comment above SMAX_STAGGER_NUM); on the H100 the gradient gained more than on the H200.
# Builds (Release; stage with ../h100-2026-12-06b/stage.sh): cu-c = main's CUDA (90-real), cu-f = main +
# next-fwd-stagger.diff (the forward exchange kernel takes the stagger argument and gates its loads as the
# gradient's does; SMAX_X_FWD_STAGGER=rule plans the gradient's rule, =N N rows, unset none); ocl-c, ocl-f the same
# for OpenCL (NVIDIA's ICD). On this build machine: ptxas keeps smax_mb_onchip at 40 registers, no spills, with the
# patch (f32, bf16, f32 -> bf16); PoCL conformance under SMAX_TEST_CPU_COOPERATIVE=1 SMAX_X_FWD_STAGGER=1
# --expect-cooperative, special and layout groups of f32, bf16, f32 -> bf16 forward: 1021 and 1561 passed, 0 failed.
# Rounds: A = main; U = the patch, unset (must equal A: the argument alone); R = rule; 2, 4, 8 = rows.
# Run: ROUNDS="A U R 2 4 8 8 4 2 R U A" bash bench/results/h100-2026-12-06d/next-fwd-call.sh (about 25 s a round a
# set on CUDA: start with f32 and bf16 on CUDA, OpenCL f32 if time is left: OCL=1).
set -u
R=bench/results/h100-2026-12-06d; S=/tmp; END=${END:-540}
for b in cu-c cu-f ocl-c ocl-f; do [ -f .dev/stage/$b.txz ] && tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; left() { local l=$((END-(SECONDS-t0))); [ $l -gt ${1:-9999} ] && l=$1; echo $l; }
echo "ROUNDS=$ROUNDS; OCL=${OCL:-}; $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
SB() { local tag=$1 b=$2 shapes=$3; shift 3; local N=$S/stage-$b
  [ $(left) -lt 20 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout $(left 120) $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto --shapes $shapes "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %sus %s%%; ", s, $i, $(i+2), $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
round() { local be=$1 set=$2 r=$3; unset SMAX_X_FWD_STAGGER
  case $r in A) b=$be-c;; U) b=$be-f;; R) b=$be-f; export SMAX_X_FWD_STAGGER=rule;; *) b=$be-f; export SMAX_X_FWD_STAGGER=$r;; esac
  SB $be-$set-$r-$SECONDS $b $R/fwd-$set.txt --dtype $set; }
for set in f32 bf16; do for r in $ROUNDS; do round cu $set $r; done; done
if [ -n "${OCL:-}" ]; then export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
  for r in $ROUNDS; do round ocl f32 $r; done; fi
echo "[$((SECONDS-t0)) s] end"
