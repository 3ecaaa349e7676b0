#!/usr/bin/env bash
# call 3 (thirty-fourth session, H200): OpenCL on NVIDIA learns its memory's peak bandwidth from NVML (ocl37 =
# 659ac95 + backends/opencl/nv_memory.c), so the planner's rules for memory that outpaces the H100's apply there as
# under CUDA (ocl36 = e315044: bandwidth unknown, the H100's plans). A B B A over forward and gradient, f32, bf16 and
# mixed widths; CUDA m33 once beside for reference. Then OpenCL conformance of ocl37 (every variant).
set -u
S=/tmp; for b in m33 ocl36 ocl37; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m33 ocl36 ocl37 $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem,pci.bus_id --format=csv,noheader
ls -la /usr/local/nvidia/lib64/libnvidia-ml.so* 2>&1 | head -3; ldconfig -p | grep -m2 nvidia-ml
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-} timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
for d in f32 bf16 bf16,f32; do R warm-$d ocl37 --algo auto --dtype $d --shape 64x3001 > /dev/null & done
for d in f32 bf16 bf16,f32 f32,bf16; do R warmg-$d ocl37 --algo auto --backward --dtype $d --shape 64x3001 > /dev/null & done; wait; t warm
i=0; for b in ocl36 ocl37 ocl37 ocl36; do i=$((i+1))
  R ff-$i-$b $b --algo auto --dtype f32 $(SH 145 320 575 1149 3001 8192 16384) --shape 1024x65536 --shape 1024x262144
  R fb-$i-$b $b --algo auto --dtype bf16 $(SH 145 320 575 1149 3001 8192 16384) --shape 1024x65536 --shape 1024x262144
  R fm-$i-$b $b --algo auto --dtype bf16,f32 $(SH 320 575 1149 3001 8192 16384)
  R gf-$i-$b $b --algo auto --backward --dtype f32 $(SH 145 575 1149 3001 8192 16384) --shape 1024x65536 --shape 1024x262144
  R gb-$i-$b $b --algo auto --backward --dtype bf16 $(SH 145 575 1149 2897 8192) --shape 1024x65536
  R gm-$i-$b $b --algo auto --backward --dtype f32,bf16 $(SH 575 1149 2048 4096 6000 8192 12000) --shape 1024x65536
  R gn-$i-$b $b --algo auto --backward --dtype bf16,f32 $(SH 575 1149 3001)
  t round $i
done
unset OCL_ICD_VENDORS SMAX_OPENCL_DEVICE
R ff-1-m33 m33 --algo auto --dtype f32 $(SH 145 320 575 1149 3001 8192 16384) --shape 1024x65536 --shape 1024x262144
R gm-1-m33 m33 --algo auto --backward --dtype f32,bf16 $(SH 575 1149 2048 4096 6000 8192 12000) --shape 1024x65536
t end
