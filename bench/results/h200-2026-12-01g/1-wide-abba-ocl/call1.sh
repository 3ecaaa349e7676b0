#!/usr/bin/env bash
# call 1 (thirty-seventh session): the wide split kernels through NVIDIA's OpenCL on the H200.
# ocl52 = main's kernels and plans (built at ade859b); w1 = 478ed93 (branch split-wide-bwd: forward f32 rows
# past the 32-element split's reach by smax_fused_split_wide, 64 elements an item in 256 items; gradient rows
# past it by smax_bwd_fused_split_wide, 48 elements an item of y and of dy); g64 = w1 with the gradient's wide
# kernel holding 64 an item (SMAX_SPLIT_WIDE_BWD_ITEM_ELEMS 64).
#  1. forward, A B B A, ocl52 against w1: f32, f32 log-softmax, f32 -> bf16, 16384-29000 columns.
#  2. gradient, A B C C B A, ocl52 against w1 against g64: f32, f32 log, bf16, bf16 -> f32 dx, f32 -> bf16 dx.
#  3. NVIDIA's OpenCL conformance of w1: under SMAX_TEST_SPLIT=2 --expect-split (fwd f32 and bwd variants;
#     shapes, layout, special), and the default tier of every fwd f32 and bwd variant; g64 under the switch
#     (bwd, shapes).
set -u
S=/tmp; for b in ocl52 w1 g64; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "ocl52 w1 g64 $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
for b in ocl52 w1 g64; do for d in f32 bf16 f32,bf16 bf16,f32; do
  R warm-$b-$d $b --algo auto --dtype $d --shape 64x3001 --shape 64x24000 > /dev/null &
  R warmb-$b-$d $b --backward --algo auto --dtype $d --shape 64x3001 --shape 64x16384 > /dev/null & done; done; wait; t warm
i=0; for b in ocl52 w1 w1 ocl52; do i=$((i+1))
  R ff-$i-$b $b --algo auto --dtype f32 $(SH 16384 18400 20000 22000 24000 26000 28000 29000)
  R fl-$i-$b $b --algo auto --log --dtype f32 $(SH 20000 26000)
  R fn-$i-$b $b --algo auto --dtype f32,bf16 $(SH 20000 24000 28000)
  t fwd round $i
done
i=0; for b in ocl52 w1 g64 g64 w1 ocl52; do i=$((i+1))
  R gf-$i-$b $b --backward --algo auto --dtype f32 $(SH 12000 14000 15000 16384 18000 20000 22000)
  R gl-$i-$b $b --backward --algo auto --log --dtype f32 $(SH 16384 20000)
  R gb-$i-$b $b --backward --algo auto --dtype bf16 $(SH 16000 16384 18000 20000)
  R gn-$i-$b $b --backward --algo auto --dtype bf16,f32 $(SH 16384 18000)
  R gw-$i-$b $b --backward --algo auto --dtype f32,bf16 $(SH 16384 18000)
  t bwd round $i
done
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 14 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((570 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
V=('fwd f32->f32' 'fwd f32->f16' 'fwd f32->bf16' 'bwd y,dy:f32 dx:f32' 'bwd y,dy:f16 dx:f16' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f32' 'bwd y,dy:f32 dx:f16' 'bwd y,dy:bf16 dx:f32' 'bwd y,dy:f32 dx:bf16' 'bwd y,dy:f16 dx:bf16' 'bwd y,dy:bf16 dx:f16')
NV="env OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA"
for g in shapes layout special; do
  C w1 c-oclwide-$g $NV SMAX_TEST_SPLIT=2 $S/stage-w1/smax_conformance --expect-split --variant "fwd f32+bwd" --only $g
done
C g64 c-g64wide-shapes $NV SMAX_TEST_SPLIT=2 $S/stage-g64/smax_conformance --expect-split --variant bwd --only shapes
for v in "${V[@]}"; do n=$(echo "$v" | tr -c 'a-z0-9' '_')
  C w1 c-ocl-$n $NV $S/stage-w1/smax_conformance --variant "$v"
done
wait; t conformance
for b in ocl oclwide g64wide; do cat $L/c-$b-*.txt 2>/dev/null | awk -v b="$b" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5; n2++} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d runs (%d finished), %d nonzero exits\n", b, p, f, s, n, n2, bad}'; done
grep -h "FAIL" $L/c-*.txt | head -10; grep -l "^exit [^0]" $L/c-*.txt
t end
