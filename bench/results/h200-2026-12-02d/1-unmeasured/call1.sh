#!/usr/bin/env bash
# call 1 (forty-second session, H200): what the forty-first left unmeasured. m42/o42/h42 = main 69127f5 built for
# CUDA sm_90, OpenCL, HIP on NVIDIA (sm_90). smax-bench, every shape at 2^25 elements, two rounds:
# (a) CUDA, gradients of f32 y and dy to bf16 and f16 dx at 4096-9216 columns: fused, multiblock (clusters), auto;
# (b) NVIDIA's OpenCL and HIP on NVIDIA (no clusters), f32 gradient at 4096-9216 columns: fused, multiblock (the
#     device-memory exchange), auto; softmax and log-softmax;
# (c) ncu of CUDA's fused f32 gradient at 5592 x 6000 (dipped, 89%) against 5784 x 5800 (102%).
set -u
S=/tmp; for b in m42 o42 h42; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m42 = $(cat .dev/commit); $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s %s (%s)|", s, $1, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
C="4096 5000 5500 5800 6000 6500 7000 7264 8192 9216"
for b in m42 o42 h42; do R warm-$b $b --algo auto --dtype f32 --shape 64x128 > /dev/null; done
for i in 1 2; do
  R cu-bf16dx-$i m42 --backward --algo fused,multiblock,auto --dtype bf16,f32 $(SH $C)
  R cu-f16dx-$i m42 --backward --algo fused,multiblock,auto --dtype f16,f32 $(SH 5500 6000 6500 7000 7264 8192)
  t "cuda round $i"
  for b in o42 h42; do
    R $b-bwd-$i $b --backward --algo fused,multiblock,auto --dtype f32 $(SH $C)
    R $b-bwdlog-$i $b --backward --log --algo fused,multiblock,auto --dtype f32 $(SH 5800 6000 7000 8192)
    t "$b round $i"
  done
done
NC() { local tag=$1 b=$2 k=$3; shift 3; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 120 ncu --clock-control none --kernel-name regex:$k --launch-skip 2 --launch-count 1 --set full \
    --import-source no -o $L/$tag $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --rotate-mb 0 "$@" > $L/ncu-$tag.txt 2>&1
  ncu --import $L/$tag.ncu-rep --page details > $L/$tag-details.txt 2>&1; rm -f $L/$tag.ncu-rep
  echo "$tag: $(grep -E '^ +(Duration|DRAM Throughput|L2 Hit Rate|Issue Slots Busy|Achieved Occupancy|Theoretical Occupancy|No Eligible|Warp Cycles Per Issued Instruction|Registers Per Thread|Block Size|Grid Size|Dynamic Shared Memory Per Block|Waves Per SM|Executed Instructions|Local Memory Spilling Requests) ' $L/$tag-details.txt | awk '{$1=$1; print}' | tr '\n' ';')"; }
NC g5800 m42 smax_bwd_fused --backward --algo fused --dtype f32 $(SH 5800)
NC g6000 m42 smax_bwd_fused --backward --algo fused --dtype f32 $(SH 6000)
NC g8192 m42 smax_bwd_fused --backward --algo fused --dtype f32 $(SH 8192)
t ncu
t end
