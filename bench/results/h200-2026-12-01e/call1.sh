#!/usr/bin/env bash
# call 1 (thirty-fifth session): land opencl-nvml. ocl41 = main 8797a75 (OpenCL), ocl40 = branch opencl-nvml 3a2927a (NVML + main).
# ocl40, every variant (default tier).
set -u
S=/tmp; for b in ocl41 ocl40; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "ocl41 ocl40 $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem,pci.bus_id --format=csv,noheader
echo "LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-}"; ldconfig -p | grep -i -E "nvidia|cuda" | head -5
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
for d in f32 bf16 bf16,f32; do R warm-$d ocl40 --algo auto --dtype $d --shape 64x3001 > /dev/null & done
for d in f32 bf16 bf16,f32; do R warmg-$d ocl40 --algo auto --backward --dtype $d --shape 64x3001 > /dev/null & done; wait; t warm
R probe ocl40 --algo auto --dtype f32 $(SH 145 575)
i=0; for b in ocl41 ocl40 ocl40 ocl41; do i=$((i+1))
  R ff-$i-$b $b --algo auto --dtype f32 $(SH 145 320 575 1149 16384) --shape 1024x65536 --shape 1024x262144
  R fb-$i-$b $b --algo auto --dtype bf16 $(SH 320 575 1149 16384) --shape 1024x65536
  R fm-$i-$b $b --algo auto --dtype bf16,f32 $(SH 575 1149 16384)
  R gf-$i-$b $b --algo auto --backward --dtype f32 $(SH 1149 8192 16384) --shape 1024x65536
  R gb-$i-$b $b --algo auto --backward --dtype bf16 $(SH 2897 8192) --shape 1024x65536
  R gm-$i-$b $b --algo auto --backward --dtype f32,bf16 $(SH 2048 4096 8192 12000) --shape 1024x65536
  t round $i
done
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((565 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
M=$S/stage-ocl40
for v in 'fwd f32->f32' 'fwd f16->f16' 'fwd bf16->bf16' 'fwd f16->f32' 'fwd f32->f16' 'fwd bf16->f32' 'fwd f32->bf16' 'fwd f16->bf16' 'fwd bf16->f16' 'bwd y,dy:f32 dx:f32' 'bwd y,dy:f16 dx:f16' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f32' 'bwd y,dy:f32 dx:f16' 'bwd y,dy:bf16 dx:f32' 'bwd y,dy:f32 dx:bf16' 'bwd y,dy:f16 dx:bf16' 'bwd y,dy:bf16 dx:f16'; do
  C ocl40 c-ocl40-$(echo "$v" | tr -c 'a-z0-9' '_') $M/smax_conformance --variant "$v"; done
wait; t conformance
cat $L/c-ocl40-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5; n2++} /^exit /{n++; if ($2!=0) bad++} END{printf "ocl40: %d passed, %d failed, %d skipped over %d variants (%d finished), %d nonzero exits\n", p, f, s, n, n2, bad}'
grep -h "FAIL" $L/c-*.txt | head -10; grep -l "^exit [^0]" $L/c-*.txt
t end
