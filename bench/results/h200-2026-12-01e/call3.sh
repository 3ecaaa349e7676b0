#!/usr/bin/env bash
# call 3 (thirty-fifth session): experiment, the f32 forward register kernel holding 32 elements an item (8 float4s,
# SMAX_FWD_REG_VECTORS 8 for f32 -> f32; x-rv8.diff) instead of 16, and with SMAX_X_REGBIG=1 rows past its reach in
# groups of up to 512 items. m = main (ocl40 / cm), x0 = the experiment build, switch 0, x1 = switch 1.
set -u
S=/tmp; for b in ocl40 ocl43 cm cx; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "ocl40 ocl43 cm cx $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 x=$3; shift 3; local B=$S/stage-$b
  SMAX_X_REGBIG=$x LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
F="$(SH 145 320 575 1000 1149 2048 3000 4096 6000 8192 10240 12000 16384)"
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
R warm-m ocl40 0 --algo auto --dtype f32 --shape 64x3001 > /dev/null & R warm-x ocl43 1 --algo auto --dtype f32 --shape 64x3001 > /dev/null & wait; t warm
i=0; for v in m x0 x1 x1 x0 m; do i=$((i+1)); b=ocl43; x=${v#x}; [ $v = m ] && { b=ocl40; x=0; }
  R off-$i-$v $b $x --algo auto --dtype f32 $F; t opencl $i; done
unset OCL_ICD_VENDORS SMAX_OPENCL_DEVICE
i=0; for v in m x0 x1 x1 x0 m; do i=$((i+1)); b=cx; x=${v#x}; [ $v = m ] && { b=cm; x=0; }
  R cff-$i-$v $b $x --algo auto --dtype f32 $F; t cuda $i; done
t end
