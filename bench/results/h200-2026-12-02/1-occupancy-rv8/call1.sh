#!/usr/bin/env bash
# call 1 (thirty-ninth session): (a) occupancy probe: groups resident a SM by local memory, NVIDIA's OpenCL
# (dynamic and static __local) against CUDA; (b) A B B A of f32 rows in the register kernel with 8 float4s an item
# (orv8/curv8) against main (ocm/cum), NVIDIA's OpenCL and CUDA, 2^25 elements.
set -u
S=/tmp; for b in ocm orv8 cum curv8; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
( cd .dev/occ && OCL_ICD_VENDORS=/tmp/ocl-vendors timeout 120 ./occ_cl; timeout 60 ./occ_cu 0; timeout 60 ./occ_cu 1 ); t probe
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
for b in ocm orv8 cum curv8; do R warm-$b $b --algo auto --dtype f32 --shape 64x4096 > /dev/null & done; wait; t warm
i=0; for p in "ocm cum" "orv8 curv8" "orv8 curv8" "ocm cum"; do i=$((i+1)); set -- $p
  R o-$i-$1 $1 --algo auto --dtype f32 $(SH 2048 2304 2560 2816 3000 3072 3328 3584 3840 4096 4100 4600)
  R ol-$i-$1 $1 --algo auto --log --dtype f32 $(SH 3000 4096)
  R c-$i-$2 $2 --algo auto --dtype f32 $(SH 2048 2304 2560 2816 3000 3072 3328 3584 3840 4096 4100 4600)
  R cl-$i-$2 $2 --algo auto --log --dtype f32 $(SH 3000 4096)
  t round $i
done
t end
