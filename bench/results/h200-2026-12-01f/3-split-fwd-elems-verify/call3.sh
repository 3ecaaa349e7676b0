#!/usr/bin/env bash
# call 3 (thirty-sixth session): (1) an experiment, not for main: the forward split kernel holding 48 or 64
# elements an item in registers instead of 32 (x48, x64: ade859b with SMAX_SPLIT_FWD_ITEM_ELEMS for the forward
# kernel and plan only; the diff beside this script), against main (ocl52 = ade859b), A B C C B A through NVIDIA's
# OpenCL; (2) the verification of main at ade859b: NVIDIA's OpenCL conformance of every variant (default tier) and
# under the test switch (SMAX_TEST_SPLIT=1 --expect-split, shapes and layout, every variant), CUDA (cs52) under the
# test switch (shapes and layout, every variant) and its default tier, compute-sanitizer of the forward split.
set -u
S=/tmp; for b in ocl52 x48 x64 cs52; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "ocl52 x48 x64 cs52 $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
for b in ocl52 x48 x64; do for d in f32 bf16 f32,bf16; do R warm-$b-$d $b --algo auto --dtype $d --shape 64x3001 --shape 64x20000 --shape 64x32768 > /dev/null & done; done; wait; t warm
i=0; for b in ocl52 x48 x64 x64 x48 ocl52; do i=$((i+1))
  R ff-$i-$b $b --algo auto --dtype f32 $(SH 12000 14000 16384 18400 20000 22000 24000)
  R fl-$i-$b $b --algo auto --log --dtype f32 $(SH 16384 20000)
  R fb-$i-$b $b --algo auto --dtype bf16 $(SH 24000 28000 32768)
  R fn-$i-$b $b --algo auto --dtype f32,bf16 $(SH 16384 20000 24000)
  t round $i
done
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 14 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((570 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
V=('fwd f32->f32' 'fwd f16->f16' 'fwd bf16->bf16' 'fwd f16->f32' 'fwd f32->f16' 'fwd bf16->f32' 'fwd f32->bf16' 'fwd f16->bf16' 'fwd bf16->f16' 'bwd y,dy:f32 dx:f32' 'bwd y,dy:f16 dx:f16' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f32' 'bwd y,dy:f32 dx:f16' 'bwd y,dy:bf16 dx:f32' 'bwd y,dy:f32 dx:bf16' 'bwd y,dy:f16 dx:bf16' 'bwd y,dy:bf16 dx:f16')
NV="env OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA"
for g in shapes layout; do
  C ocl52 c-oclsplit-$g $NV SMAX_TEST_SPLIT=1 $S/stage-ocl52/smax_conformance --expect-split --only $g
  C cs52 c-cudasplit-$g env SMAX_TEST_SPLIT=1 $S/stage-cs52/smax_conformance --expect-split --only $g
done
for v in "${V[@]}"; do n=$(echo "$v" | tr -c 'a-z0-9' '_')
  C ocl52 c-ocl-$n $NV $S/stage-ocl52/smax_conformance --variant "$v"
  C cs52 c-cuda-$n $S/stage-cs52/smax_conformance --variant "$v"
done
B=$S/stage-cs52
SAN() { local tool=$1 tag=$2; shift 2
  SMAX_TEST_SPLIT=1 LD_LIBRARY_PATH=$B timeout 60 compute-sanitizer --tool $tool --print-limit 5 $B/smax-bench --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 --algo auto "$@" > $L/san-$tag.txt 2>&1
  echo "san $tool $tag: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/san-$tag.txt | tr '\n' ' ') plan: $(awk '$1=="auto"{print $3, $4, $5}' $L/san-$tag.txt | head -2 | tr '\n' ' ')"; }
SAN racecheck f32-fwd-racecheck --dtype f32 --shape 67x20001 --shape 3x9000
SAN synccheck bf16-fwd-synccheck --dtype bf16 --log --shape 67x20001 --shape 3x9001
SAN racecheck f32-bwd-racecheck --backward --dtype f32 --shape 67x20001
t sanitizer
wait; t conformance
for b in ocl oclsplit cuda cudasplit; do cat $L/c-$b-*.txt 2>/dev/null | awk -v b="$b" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5; n2++} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d runs (%d finished), %d nonzero exits\n", b, p, f, s, n, n2, bad}'; done
grep -h "FAIL" $L/c-*.txt | head -10; grep -l "^exit [^0]" $L/c-*.txt
t end
