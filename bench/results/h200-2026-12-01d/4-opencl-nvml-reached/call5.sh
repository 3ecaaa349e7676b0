#!/usr/bin/env bash
# call 5 (thirty-fourth session, H200; the last 277 s of device time): call 4's diagnostic showed NVML reachable and
# NVIDIA's OpenCL giving the PCI slot as the device number (slot 6 for 00:06.0), where ocl38 took slot >> 3. ocl39 asks
# both forms. One round, ocl36 then ocl39 (not A B B A): do the plans change to the H200's, and how do they run?
set -u
S=/tmp; for b in ocl36 ocl39; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "ocl36 ocl39 $(cat .dev/commit) $(date -u)"
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 120 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
for d in f32 bf16,f32; do R warm-$d ocl39 --algo auto --dtype $d --shape 64x3001 > /dev/null & done
R warmg ocl39 --algo auto --backward --dtype f32,bf16 --shape 64x3001 > /dev/null & wait; t warm
for b in ocl36 ocl39; do
  R ff-1-$b $b --algo auto --dtype f32 $(SH 145 575 1149 16384) --shape 1024x65536
  R fm-1-$b $b --algo auto --dtype bf16,f32 $(SH 575 16384)
  R gm-1-$b $b --algo auto --backward --dtype f32,bf16 $(SH 4096 8192 12000)
done; t end
