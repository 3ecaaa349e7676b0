#!/usr/bin/env bash
# call-ocl-vs-cuda.sh (H100): OpenCL on NVIDIA against the CUDA backend, both main's, in the same run (A B B A), f32
# and bf16, forward and gradient, at the rows too long for one group (ocl-vs-cuda.txt): issue 9 asks OpenCL on NVIDIA
# for >= 90% of CUDA there. smax-bench, auto, % of copy; the ratio is the times' (the same shape, the same copy).
# Builds: cu-p = main's CUDA (sm_90, Release), ocl-p = main's OpenCL (Release), staged by ../h100-2026-12-06b/stage.sh.
# Run: END=200 bash bench/results/h200-2026-12-07/call-ocl-vs-cuda.sh (carry .dev/stage/cu-p.txz, .dev/stage/ocl-p.txz)
set -u
R=bench/results/h200-2026-12-07; S=/tmp; END=${END:-200}
for b in cu-p ocl-p; do rm -rf $S/stage-$b; tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; left() { echo $((END-(SECONDS-t0))); }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
SB() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  [ $(left) -lt 12 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto --shapes $R/ocl-vs-cuda.txt "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %sus %s%%; ", s, $i, $(i+2), $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
for m in "f32-bwd:--dtype f32 --backward" "f32-fwd:--dtype f32" "bf16-bwd:--dtype bf16 --backward" "bf16-fwd:--dtype bf16"; do
  IFS=: read -r tag args <<< "$m"
  for b in cu-p ocl-p ocl-p cu-p; do SB $tag-$b-$SECONDS $b $args; done
done
echo "[$((SECONDS-t0)) s] end"
