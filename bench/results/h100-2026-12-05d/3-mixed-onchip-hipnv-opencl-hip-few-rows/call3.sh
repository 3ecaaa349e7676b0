#!/usr/bin/env bash
# call (fifty-eighth session): HIP on NVIDIA and OpenCL on NVIDIA, the gradient of 16-bit y, dy into f32 dx on-chip
# (HEAD's rule, async_keep) against the register kernel (SMAX_X_OLD=1 in these dev builds restores the old plan),
# A B B A by env; then HIP's few-rows rule (c57-2: fused vs multiblock vs auto over rows32000.txt).
# Needs /tmp/hmx.aa from the call before (cp .dev/s1/hmx.aa /tmp/).
set -u
S=/tmp; cat /tmp/hmx.aa .dev/s2/hmx.ab | tar xJf - -C $S; tar xJf .dev/stage/ocl-mx.txz -C $S
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "main 6d4faee + plan.c change (hp-mx, ocl-mx); $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
SB() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  LD_LIBRARY_PATH=$N timeout 100 $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.25 "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" || $1=="fused" || $1=="multiblock" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") printf "%s %s %s %sus %s%%; ", s, $1, $i, $(i+2), $(i+4)}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
for b in hp-mx ocl-mx; do
  for r in A B B A; do
    if [ $r = A ]; then export SMAX_X_OLD=1; else unset SMAX_X_OLD; fi
    SB $b-bf16-$r $b --algo auto --backward --shapes .dev/calls/mxcols.txt --dtype f32,bf16
    SB $b-log-$r $b --algo auto --backward --shapes .dev/calls/mxcols.txt --dtype f32,bf16 --log
    t "$b round $r (A = old rule)"
  done
done
unset SMAX_X_OLD
SB rows-f32 hp-mx --algo fused,multiblock,auto --dtype f32 --shapes .dev/calls/rows32000.txt
SB rows-bf16 hp-mx --algo fused,multiblock,auto --dtype bf16 --shapes .dev/calls/rows32000.txt
SB rows-f32b hp-mx --backward --algo fused,multiblock,auto --dtype f32 --shapes .dev/calls/rows32000.txt
t end
