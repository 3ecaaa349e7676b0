#!/usr/bin/env bash
# call-ab.sh (H100): (1) A B B A, main's CUDA (cu-p) against the candidate (cu-q: a cluster's chunks sized for copies,
# 768 items a unit; the exchange's down to groups of 128 where its launch fills the units; two chunks a unit where
# one a unit holds rows alone) at the shapes whose plans the candidate moves (ab-*.txt). (2) OpenCL on NVIDIA against
# CUDA (the candidate's of both: ocl-q, cu-q), f32 gradient and forward, at ocl-vs-cuda.txt (issue 9 asks >= 90%).
# smax-bench, auto, % of copy in the same run.
# Run: END=560 bash bench/results/h200-2026-12-07/call-ab.sh (carry .dev/stage/cu-p.txz, cu-q.txz, ocl-q.txz);
# SET=quick OCL=0 END=230: the A/B alone over quick-*.txt, a subset, for a short device budget.
# HIP on NVIDIA (no clusters; its exchanges move alike): A=hnv-p B=hnv-q OCL=0 (builds through
# scripts/hip-nvidia-toolchain.sh, staged alike; carry their .txz instead of cu-p, cu-q).
set -u
R=bench/results/h200-2026-12-07; S=/tmp; END=${END:-560}; SET=${SET:-ab}; OCL=${OCL:-1}; A=${A:-cu-p}; B=${B:-cu-q}
for b in $A $B $([ "$OCL" = 1 ] && echo cu-q ocl-q); do rm -rf $S/stage-$b; tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; left() { echo $((END-(SECONDS-t0))); }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
SB() { local tag=$1 b=$2 shapes=$3; shift 3; local N=$S/stage-$b
  [ $(left) -lt 15 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 90 $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto --shapes $shapes "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %s %sus %s%%; ", s, $3, $i, $(i+2), $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
for b in $A $B $B $A; do
  for m in "f32-bwd:--dtype f32 --backward" "f32-fwd:--dtype f32" "bf16-bwd:--dtype bf16 --backward" "bf16-fwd:--dtype bf16"; do
    IFS=: read -r tag args <<< "$m"
    [ -f $R/$SET-$tag.txt ] && SB $b-$tag-$SECONDS $b $R/$SET-$tag.txt $args
  done
done
echo "[$((SECONDS-t0)) s] A/B"
[ "$OCL" = 1 ] || { echo "[$((SECONDS-t0)) s] end"; exit 0; }
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
for m in "f32-bwd:--dtype f32 --backward" "f32-fwd:--dtype f32"; do
  IFS=: read -r tag args <<< "$m"
  for b in cu-q ocl-q ocl-q cu-q; do SB ocl-$tag-$b-$SECONDS $b $R/ocl-vs-cuda.txt $args; done
done
echo "[$((SECONDS-t0)) s] end"
