#!/usr/bin/env bash
# call 6 (thirty-seventh session): NVIDIA's OpenCL compiles smax_fused (f32) to 56 registers where nvcc gives the
# same source 48 (call 5: ptxas of the OpenCL PTX; 9 groups of 128 items a compute unit against 10). Whole
# program capped at 48 (SMAX_OPENCL_OPTIONS=-cl-nv-maxrregcount=48) against as built, A B B A, m1 = main (a4b7633).
set -u
S=/tmp; tar xJf .dev/stage/m1.txz -C $S
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m1 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 o=$3; shift 3; local B=$S/stage-$b
  env ${o:+SMAX_OPENCL_OPTIONS=-cl-nv-maxrregcount=$o} OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
for o in "" 48; do for d in f32 bf16; do R warm-$o-$d m1 "$o" --algo auto --dtype $d --shape 64x3001 > /dev/null & done; done; wait; t warm
i=0; for o in "" 48 48 ""; do i=$((i+1)); b=ocl${o:-0}
  R ff-$i-$b m1 "$o" --algo auto --dtype f32 $(SH 2560 3072 3456 3584 4096 5120 6144 8192 10000)
  R fb-$i-$b m1 "$o" --algo auto --dtype bf16 $(SH 6000 8192 12000 16384)
  t round $i
done
t end
