#!/usr/bin/env bash
# call 4 (thirty-fifth session): what bounds the one-launch exchange (kernels/smax_multiblock_onchip.h) on the H200,
# where NVIDIA's OpenCL runs it at 72-84% of copy for rows past its 48 KB a group (f32 12000-65536, the f32
# gradient 6000-16384) and ran the same plan at 96% on the H100. CUDA (cm = main 8797a75) forced to the same plan
# (--algo multiblock, SMAX_CLUSTERS=0: 32 KB chunks, 256 items) beside OpenCL (ocl40 = 3a2927a, now main), then ncu
# of CUDA's exchange kernel and, for contrast, of the fused on-chip kernel at the same shape.
set -u
S=/tmp; for b in ocl40 cm; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "ocl40 cm $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
NC() { local tag=$1 b=$2 k=$3; shift 3; local B=$S/stage-$b
  SMAX_CLUSTERS=0 LD_LIBRARY_PATH=$B timeout 120 ncu --clock-control none --kernel-name regex:$k --launch-skip 2 --launch-count 1 --set full \
    --import-source no -o $L/$tag $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --rotate-mb 0 "$@" > $L/ncu-$tag.txt 2>&1
  ncu --import $L/$tag.ncu-rep --page details > $L/$tag-details.txt 2>&1
  ncu --import $L/$tag.ncu-rep --page raw --csv > $L/$tag-raw.csv 2>&1; rm -f $L/$tag.ncu-rep
  echo "$tag: $(grep -E '^ +(Duration|DRAM Throughput|L2 Cache Throughput|Issue Slots Busy|Achieved Occupancy|Theoretical Occupancy|Registers Per Thread|No Eligible|Grid Size|Block Limit Shared Mem|Block Limit Registers) ' $L/$tag-details.txt | awk '{$1=$1; print}' | tr '\n' ';')"
  grep -E "^ +(smsp__pcsamp|Warp Cycles Per Issued)" $L/$tag-details.txt | head -3; }
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
R warm ocl40 --algo auto --dtype f32 --shape 64x3001 > /dev/null; t warm
for i in 1 2; do
  R o-mb-$i ocl40 --algo multiblock --dtype f32 --shape 2048x16384 --shape 1024x65536
  R o-gmb-$i ocl40 --algo multiblock --backward --dtype f32 --shape 4096x8192 --shape 2048x16384
  SMAX_CLUSTERS=0 R c-mb-$i cm --algo multiblock --dtype f32 --shape 2048x16384 --shape 1024x65536
  SMAX_CLUSTERS=0 R c-gmb-$i cm --algo multiblock --backward --dtype f32 --shape 4096x8192 --shape 2048x16384
  R c-auto-$i cm --algo auto --dtype f32 --shape 2048x16384 --shape 1024x65536
done; t bench
NC mb16k cm smax_mb_onchip --algo multiblock --dtype f32 --shape 2048x16384
NC fu16k cm smax_fused --algo auto --dtype f32 --shape 2048x16384
NC gmb8k cm smax_bwd_mb_onchip --algo multiblock --backward --dtype f32 --shape 4096x8192
t end
