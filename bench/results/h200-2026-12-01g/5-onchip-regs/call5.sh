#!/usr/bin/env bash
# call 5 (thirty-seventh session): why NVIDIA's OpenCL runs the on-chip fused kernel of f32 rows of 3000-10000
# columns at 92.5-94% of copy where 2560 and 3500 run at 98 (call 2) and CUDA runs the same plan near copy.
# m1 = the OpenCL build of a4b7633 (main), cw = CUDA sm_90 of 8dfd3e3 (same kernels and plans).
#  1. Register counts of every kernel as NVIDIA's OpenCL compiles them (-cl-nv-verbose; .dev/clregs = clregs.c beside this script, built
#     with: cc -O1 -std=c11 clregs.c build-opencl/generated/smax_opencl_source.c -lOpenCL; f32 -> f32
#     and bf16 -> bf16), and the PTX.
#  2. f32 forward sweep 2560-6144 columns (2^25 elements) through NVIDIA's OpenCL, as built and with the whole
#     program capped (SMAX_OPENCL_OPTIONS=-cl-nv-maxrregcount=40 / 32), and through CUDA; A B C C B A.
set -u
S=/tmp; for b in m1 cw; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs *.ptx && rm -rf logs *.ptx' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m1 cw $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
for p in "0 0" "2 2"; do OCL_ICD_VENDORS=/tmp/ocl-vendors timeout 120 .dev/clregs $p > $L/regs-${p/ /_}.txt 2>&1
  echo "regs $p:"; grep -E "Compiling entry|Used [0-9]+ registers" $L/regs-${p/ /_}.txt | paste - - | sed -E 's/.*entry function .(smax_[a-z_0-9]+). for .sm_90.*Used ([0-9]+) registers.*/\1 \2/' | tr '\n' ';'; echo; done
t regs
R() { local tag=$1 b=$2 o=$3; shift 3; local B=$S/stage-$b
  env ${o:+SMAX_OPENCL_OPTIONS=-cl-nv-maxrregcount=$o} OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
SW="2560 2688 2816 2944 3072 3200 3328 3456 3584 3712 3840 3968 4096 4608 5120 6144"
for o in "" 40 32; do R warm-$o m1 "$o" --algo auto --dtype f32 --shape 64x3001 > /dev/null & done; wait; t warm
i=0; for o in "" 40 32 32 40 ""; do i=$((i+1)); b=ocl${o:-0}
  R sw-$i-$b m1 "$o" --algo auto --dtype f32 $(SH $SW)
  t round $i
done
R sw-1-cuda cw "" --algo auto --dtype f32 $(SH $SW)
R sw-2-cuda cw "" --algo auto --dtype f32 $(SH $SW)
t end
