#!/usr/bin/env bash
# call 1 (thirty-sixth session): the gradient's split kernel (kernels/smax_backward_fused_split.h: gradient rows
# past a 48 KB group held by one group, 32 elements an item of y and dy in registers, the rest on-chip) on the
# H200, and the verification of the tree it lands in. ocl46 = main before it (90e4f88; gradient kernels and plans
# as 6dc50ee), ocl50 = the tree of 86b6992 (OpenCL), cs50 = the same for CUDA sm_90, hs50 = HIP on NVIDIA.
#  1. NVIDIA's OpenCL, A B B A, ocl46 against ocl50, gradient rows of 6000-20000 columns.
#  2. Together: OpenCL conformance of ocl50's gradient variants (default tier, and under the test switch
#     SMAX_TEST_SPLIT=1 --expect-split its shapes and layout groups), CUDA and HIP on NVIDIA under the test switch
#     (gradient variants, shapes and layout), compute-sanitizer racecheck, synccheck and memcheck of the kernel.
set -u
S=/tmp; for b in ocl46 ocl50 cs50 hs50; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "ocl46 ocl50 cs50 hs50 $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
for b in ocl46 ocl50; do for d in f32 bf16 f32,bf16 bf16,f32; do R warm-$b-$d $b --backward --algo auto --dtype $d --shape 64x3001 --shape 64x16384 > /dev/null & done; done; wait; t warm
R probe ocl50 --backward --algo auto --dtype f32 --shape 2048x8192
i=0; for b in ocl46 ocl50 ocl50 ocl46; do i=$((i+1))
  R gf-$i-$b $b --backward --algo auto --dtype f32 $(SH 6000 7000 8192 10000 12000 14000 16384)
  R gl-$i-$b $b --backward --algo auto --log --dtype f32 $(SH 8192 12000)
  R gb-$i-$b $b --backward --algo auto --dtype bf16 $(SH 12000 16384 20000)
  R gw-$i-$b $b --backward --algo auto --dtype f32,bf16 $(SH 12000 16384)
  R gn-$i-$b $b --backward --algo auto --dtype bf16,f32 $(SH 8192 12000)
  t round $i
done
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 14 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((560 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
BWD=('bwd y,dy:f32 dx:f32' 'bwd y,dy:f16 dx:f16' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f32' 'bwd y,dy:f32 dx:f16' 'bwd y,dy:bf16 dx:f32' 'bwd y,dy:f32 dx:bf16' 'bwd y,dy:f16 dx:bf16' 'bwd y,dy:bf16 dx:f16')
NV="env OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA"
for v in "${BWD[@]}"; do n=$(echo "$v" | tr -c 'a-z0-9' '_'); C ocl50 c-ocl-$n $NV $S/stage-ocl50/smax_conformance --variant "$v"; done
for g in shapes layout; do
  C ocl50 c-oclsplit-$g $NV SMAX_TEST_SPLIT=1 $S/stage-ocl50/smax_conformance --expect-split --variant bwd --only $g
  C cs50 c-cudasplit-$g env SMAX_TEST_SPLIT=1 $S/stage-cs50/smax_conformance --expect-split --variant bwd --only $g
  C hs50 c-hipsplit-$g env SMAX_TEST_SPLIT=1 $S/stage-hs50/smax_conformance --expect-split --variant bwd --only $g
done
B=$S/stage-cs50
SAN() { local tool=$1 tag=$2; shift 2
  SMAX_TEST_SPLIT=1 LD_LIBRARY_PATH=$B timeout 60 compute-sanitizer --tool $tool --print-limit 5 $B/smax-bench --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 --backward --algo auto "$@" > $L/san-$tag.txt 2>&1
  echo "san $tool $tag: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/san-$tag.txt | tr '\n' ' ') plan: $(awk '$1=="auto"{print $3, $4, $5}' $L/san-$tag.txt | head -2 | tr '\n' ' ')"; }
for tool in racecheck synccheck; do
  SAN $tool f32-$tool --dtype f32 --shape 67x20001 --shape 3x9000
  SAN $tool bf16-$tool --dtype bf16 --log --shape 67x20001 --shape 3x9001
done
SAN memcheck fw-memcheck --dtype f32,bf16 --shape 67x20001 --shape 3x9000
t sanitizer
wait; t conformance
for b in ocl oclsplit cudasplit hipsplit; do cat $L/c-$b-*.txt 2>/dev/null | awk -v b="$b" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5; n2++} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d runs (%d finished), %d nonzero exits\n", b, p, f, s, n, n2, bad}'; done
grep -h "FAIL" $L/c-*.txt | head -10; grep -l "^exit [^0]" $L/c-*.txt
t end
