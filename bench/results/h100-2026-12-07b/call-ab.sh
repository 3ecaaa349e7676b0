#!/usr/bin/env bash
# call-ab.sh (H100): A B B A, main 4954c19's CUDA (cu-main) against the candidate (cu-f: fine_unit_geometry, the
# device-memory exchange in chunks of its share where the plan holds at most 2 rows at once and those hold more), at
# the shapes whose plans it moves (ab-*.txt; 64 x 1.75M kept, a control). smax-bench, auto, % of copy in the same run.
# (../h200-2026-12-07/call-ab.sh with these builds and shape lists; its OpenCL part left out.)
# Run: END=480 GUARD=75 bash bench/results/h100-2026-12-07b/call-ab.sh (carry .dev/stage/cu-main.txz, cu-f.txz)
set -u
R=bench/results/h100-2026-12-07b; S=/tmp; END=${END:-560}; SET=${SET:-ab}; OCL=0; A=${A:-cu-main}; B=${B:-cu-f}
for b in $A $B $([ "$OCL" = 1 ] && echo cu-q ocl-q); do rm -rf $S/stage-$b; tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; left() { echo $((END-(SECONDS-t0))); }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
SB() { local tag=$1 b=$2 shapes=$3; shift 3; local N=$S/stage-$b
  [ $(left) -lt ${GUARD:-15} ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 90 $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto --shapes $shapes "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %s %s %sus %s%%; ", s, $3, $4, $i, $(i+2), $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
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
