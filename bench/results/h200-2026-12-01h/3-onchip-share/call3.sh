#!/usr/bin/env bash
# call 3 (thirty-eighth session): the split's bound on its on-chip part an item (SMAX_SPLIT_MAX_ONCHIP_ITEM_ELEMS)
# through NVIDIA's OpenCL. m2 = main c5bf90a (bound 160: 16-bit rows of 23417-24576 columns split in 128 items,
# 151-160 elements an item on-chip); b120 = the bound 120 (those rows in 256 items, 60-64 an item).
#  1. A B B A, m2 / b120: bf16, f16, bf16 -> f32, bf16 log-softmax, 2^25 elements; 26000 (256 items in both).
#  2. NVIDIA's OpenCL conformance of b120, default tier, the 9 forward variants; SMAX_TEST_SPLIT=1 --expect-split
#     fwd special.
set -u
S=/tmp; for b in m2 b120; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m2 b120 $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
for b in m2 b120; do for d in bf16 f16 bf16,f32; do R warm-$b-$d $b --algo auto --dtype $d --shape 64x24000 > /dev/null & done; done; wait; t warm
i=0; for b in m2 b120 b120 m2; do i=$((i+1))
  R b-$i-$b $b --algo auto --dtype bf16 $(SH 23500 24000 24500 26000)
  R h-$i-$b $b --algo auto --dtype f16 $(SH 24000 24500)
  R w-$i-$b $b --algo auto --dtype bf16,f32 $(SH 24000 24500)
  R l-$i-$b $b --algo auto --log --dtype bf16 $(SH 24000)
  t round $i
done
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 14 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((500 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
NV="env OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA"
V=('fwd f32->f32' 'fwd f32->f16' 'fwd f32->bf16' 'fwd f16->f16' 'fwd bf16->bf16' 'fwd f16->f32' 'fwd bf16->f32' 'fwd f16->bf16' 'fwd bf16->f16')
C b120 c-oclsplit-special $NV SMAX_TEST_SPLIT=1 $S/stage-b120/smax_conformance --expect-split --variant fwd --only special
for v in "${V[@]}"; do n=$(echo "$v" | tr -c 'a-z0-9' '_')
  C b120 c-ocl-$n $NV $S/stage-b120/smax_conformance --variant "$v"; done
wait; t conformance
for b in oclsplit ocl; do cat $L/c-$b-*.txt 2>/dev/null | awk -v b="$b" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5; n2++} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d runs (%d finished), %d nonzero exits\n", b, p, f, s, n, n2, bad}'; done
grep -h "FAIL" $L/c-*.txt | head -10; grep -l "^exit [^0]" $L/c-*.txt
t end
