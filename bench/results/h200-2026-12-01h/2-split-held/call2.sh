#!/usr/bin/env bash
# call 2 (thirty-eighth session): 16-bit forward rows past one 48 KB group through NVIDIA's OpenCL.
# ocm = main (81d04a7); oca = c5bf90a (plan: a split row that 128 items hold with more than 160 elements an item
# on-chip tries 256 items: bf16 24600-28000 columns split, not exchanged); och = oca + the split kernels keeping
# 16-bit input as read (64 elements an item in the wide kernel's 32 registers) and the wide kernel planned for
# 16-bit input past the 32-element split's reach (bf16 to about 39000 columns). cuh = CUDA sm_90 build of och.
#  1. A B C C B A, ocm / oca / och: bf16, f16, bf16 -> f32, bf16 log-softmax, f32 (unchanged kernels), 2^25
#     elements; bf16 8192 x 32768 (PRODUCT shape) once each.
#  2. NVIDIA's OpenCL conformance of och: SMAX_TEST_SPLIT=2 --expect-split fwd (shapes, layout, special),
#     SMAX_TEST_SPLIT=1 --expect-split fwd (special, layout), default tier of the 9 forward variants.
#  3. CUDA (cuh): the same switches' special and layout groups, fwd; compute-sanitizer on 16-bit wide rows.
set -u
S=/tmp; for b in ocm oca och cuh; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "ocm oca och cuh $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
for b in ocm oca och; do for d in bf16 f16 bf16,f32 f32; do R warm-$b-$d $b --algo auto --dtype $d --shape 64x24000 --shape 64x32768 > /dev/null & done; done; wait; t warm
i=0; for b in ocm oca och och oca ocm; do i=$((i+1))
  R b-$i-$b $b --algo auto --dtype bf16 $(SH 24000 24600 26000 28000 30000 31000 32768 36000 39000)
  R h-$i-$b $b --algo auto --dtype f16 $(SH 26000 32768)
  R w-$i-$b $b --algo auto --dtype bf16,f32 $(SH 26000 32768 36000)
  R l-$i-$b $b --algo auto --log --dtype bf16 $(SH 28000 32768)
  R f-$i-$b $b --algo auto --dtype f32 $(SH 18000 24000 28000)
  t round $i
done
for b in ocm oca och; do R p-1-$b $b --algo auto --dtype bf16 --shape 8192x32768; done; t product shape
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 14 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((585 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
NV="env OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA"
V=('fwd f32->f32' 'fwd f32->f16' 'fwd f32->bf16' 'fwd f16->f16' 'fwd bf16->bf16' 'fwd f16->f32' 'fwd bf16->f32' 'fwd f16->bf16' 'fwd bf16->f16')
for v in "${V[@]:3}"; do n=$(echo "$v" | tr -c 'a-z0-9' '_')
  C och c-oclwide-shapes-$n $NV SMAX_TEST_SPLIT=2 $S/stage-och/smax_conformance --expect-split --variant "$v" --only shapes; done
for g in layout special; do
  C och c-oclwide-$g $NV SMAX_TEST_SPLIT=2 $S/stage-och/smax_conformance --expect-split --variant fwd --only $g
  C och c-oclsplit-$g $NV SMAX_TEST_SPLIT=1 $S/stage-och/smax_conformance --expect-split --variant fwd --only $g
  C cuh c-cudawide-$g env SMAX_TEST_SPLIT=2 $S/stage-cuh/smax_conformance --expect-split --variant fwd --only $g
  C cuh c-cudasplit-$g env SMAX_TEST_SPLIT=1 $S/stage-cuh/smax_conformance --expect-split --variant fwd --only $g
done
for v in "${V[@]}"; do n=$(echo "$v" | tr -c 'a-z0-9' '_')
  C och c-ocl-$n $NV $S/stage-och/smax_conformance --variant "$v"; done
SAN() { local tool=$1 tag=$2; shift 2; local B=$S/stage-cuh
  SMAX_TEST_SPLIT=2 LD_LIBRARY_PATH=$B timeout 120 compute-sanitizer --tool $tool --print-limit 5 $B/smax-bench --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 --algo auto "$@" > $L/san-$tag.txt 2>&1
  echo "san $tag: $(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" $L/san-$tag.txt | tr '\n' ' ')"; }
SAN racecheck bf16 --dtype bf16 --shape 67x32001 --shape 3x9000
SAN synccheck bf16log --dtype bf16 --log --shape 67x32001 --shape 3x9001
SAN memcheck bf16f32 --dtype bf16,f32 --shape 67x32001 --shape 3x9000
t sanitizer
wait; t conformance
for b in oclwide oclsplit cudawide cudasplit ocl; do cat $L/c-$b-*.txt 2>/dev/null | awk -v b="$b" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5; n2++} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d runs (%d finished), %d nonzero exits\n", b, p, f, s, n, n2, bad}'; done
grep -h "FAIL" $L/c-*.txt | head -10; grep -l "^exit [^0]" $L/c-*.txt
t end
