#!/usr/bin/env bash
# call 4 (thirty-eighth session): 16-bit forward column sweep over the split's new range through NVIDIA's OpenCL,
# ocm = main before this session (81d04a7) against m3 = main 12ad150 (16-bit rows of 23424-31600 columns split in
# 256 items), A B B A, 2^25 elements, 21504-33280 columns every 512 (and the odd 23500, 24500); bf16 and f16.
set -u
S=/tmp; for b in ocm m3; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "ocm m3 $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$B timeout 200 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
SW="$(seq 21504 512 33280) 23500 24500"
for b in ocm m3; do for d in bf16 f16; do R warm-$b-$d $b --algo auto --dtype $d --shape 64x24000 --shape 64x32768 > /dev/null & done; done; wait; t warm
i=0; for b in ocm m3 m3 ocm; do i=$((i+1))
  R b-$i-$b $b --algo auto --dtype bf16 $(SH $SW)
  R h-$i-$b $b --algo auto --dtype f16 $(SH $SW)
  t round $i
done
t end
