#!/usr/bin/env bash
# call 7 (thirty-fifth session): the split kernel (kernels/smax_fused_split.h: forward rows past a 48 KB group held
# by one group, 32 elements an item in registers, the rest on-chip) on the H200, and the verification of the tree
# it lands in. ocl40 = main before it (3a2927a; kernels and plans as e46f22b), ocl46 = the split tree (OpenCL),
# cs = the split tree for CUDA sm_90, hs = the same for HIP on NVIDIA (nvcc 11.8).
#  1. NVIDIA's OpenCL, A B B A, ocl40 against ocl46, forward rows of 10240-32768 columns.
#  2. Together: OpenCL conformance of ocl46's forward variants (default tier; the shapes group scans the split's
#     boundaries), HIP's conformance of every variant, CUDA's split kernel under the test switch (SMAX_TEST_SPLIT=1:
#     conformance of the forward variants' shapes and layout groups, --expect-split), compute-sanitizer racecheck,
#     synccheck and memcheck of it.
set -u
S=/tmp; for b in ocl40 ocl46 cs hs; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "ocl40 ocl46 cs hs $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
for b in ocl40 ocl46; do for d in f32 bf16 f32,bf16 bf16,f32; do R warm-$b-$d $b --algo auto --dtype $d --shape 64x3001 --shape 64x16384 --shape 64x30000 > /dev/null & done; done; wait; t warm
R probe ocl46 --algo auto --dtype f32 --shape 2048x16384
i=0; for b in ocl40 ocl46 ocl46 ocl40; do i=$((i+1))
  R ff-$i-$b $b --algo auto --dtype f32 $(SH 10240 11000 12000 14000 16384 18000 18400 20000)
  R fl-$i-$b $b --algo auto --log --dtype f32 $(SH 12000 16384)
  R fb-$i-$b $b --algo auto --dtype bf16 $(SH 21000 24000 28000 32768)
  R fn-$i-$b $b --algo auto --dtype f32,bf16 $(SH 12000 16384)
  R fw-$i-$b $b --algo auto --dtype bf16,f32 $(SH 24000 28000)
  t round $i
done
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 14 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((500 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
FWD=('fwd f32->f32' 'fwd f16->f16' 'fwd bf16->bf16' 'fwd f16->f32' 'fwd f32->f16' 'fwd bf16->f32' 'fwd f32->bf16' 'fwd f16->bf16' 'fwd bf16->f16')
V=("${FWD[@]}" 'bwd y,dy:f32 dx:f32' 'bwd y,dy:f16 dx:f16' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f32' 'bwd y,dy:f32 dx:f16' 'bwd y,dy:bf16 dx:f32' 'bwd y,dy:f32 dx:bf16' 'bwd y,dy:f16 dx:bf16' 'bwd y,dy:bf16 dx:f16')
for v in "${FWD[@]}"; do C ocl46 c-ocl-$(echo "$v" | tr -c 'a-z0-9' '_') env OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA $S/stage-ocl46/smax_conformance --variant "$v"; done
for g in shapes layout; do C cs c-cuda-split-$g env SMAX_TEST_SPLIT=1 $S/stage-cs/smax_conformance --expect-split --variant fwd --only $g; done
for v in "${V[@]}"; do C hs c-hip-$(echo "$v" | tr -c 'a-z0-9' '_') $S/stage-hs/smax_conformance --variant "$v"; done
B=$S/stage-cs
SAN() { local tool=$1 tag=$2; shift 2
  SMAX_TEST_SPLIT=1 LD_LIBRARY_PATH=$B timeout 60 compute-sanitizer --tool $tool --print-limit 5 $B/smax-bench --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 --algo auto "$@" > $L/san-$tag.txt 2>&1
  echo "san $tool $tag: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/san-$tag.txt | tr '\n' ' ') plan: $(awk '$1=="auto"{print $3, $4, $5}' $L/san-$tag.txt | head -2 | tr '\n' ' ')"; }
for tool in racecheck synccheck; do
  SAN $tool f32-$tool --dtype f32 --shape 67x20001 --shape 3x9000
  SAN $tool bf16-$tool --dtype bf16 --log --shape 67x20001 --shape 3x9001
done
SAN memcheck f32-memcheck --dtype f32,bf16 --shape 67x20001 --shape 3x9000
t sanitizer
wait; t conformance
for b in ocl cuda-split hip; do cat $L/c-$b-*.txt 2>/dev/null | awk -v b="$b" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5; n2++} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d runs (%d finished), %d nonzero exits\n", b, p, f, s, n, n2, bad}'; done
grep -h "FAIL" $L/c-*.txt | head -10; grep -l "^exit [^0]" $L/c-*.txt
t end
