#!/usr/bin/env bash
# calls 4 and 5 (fifty-seventh session, H100), BUILD=ocl2 or hp-share: the smax-bench backend tables at 22692bd
# (last run 2026-11-27..29): every forced algorithm and auto over bench/shapes/backend.txt, f32 and bf16 forward,
# f32 and bf16 gradient; ocl2 = OpenCL (NVIDIA's ICD) built at 22692bd, hp-share = HIP on NVIDIA (plan.c as 22692bd).
# Each table bounded so that the four end by END (default 300 s).
set -u
S=/tmp; B=${BUILD:-ocl2}
if [ $B = hp-share ]; then cat /tmp/hpp.aa .dev/s2/hpp.ab | tar xJf - -C $S; else tar xJf .dev/stage/$B.txz -C $S; cp .dev/s1/hpp.aa /tmp/; fi
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "main 22692bd, $B; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
i=0; M=("f32" "bf16" "f32 --backward" "bf16 --backward")
for m in "${M[@]}"; do
  tag=$B-$(echo $m | tr -d ' -'); left=$(( (${END:-300} - SECONDS) / (${#M[@]} - i) )); i=$((i+1))
  LD_LIBRARY_PATH=$S/stage-$B timeout $left $S/stage-$B/smax-bench --shapes bench/shapes/backend.txt --algo all --reps 3 --max-seconds 0.15 --no-overhead --quiet --dtype $m --csv $L/backend-$tag.csv > $L/backend-$tag.txt 2>&1
  echo "exit $?" >> $L/backend-$tag.txt
  t "$tag (limit $left s): $(tail -2 $L/backend-$tag.txt | tr '\n' ' ')"
  awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "  %s auto %s %s%%;", s, $2, $NF} END{print ""}' $L/backend-$tag.txt
done
t end
