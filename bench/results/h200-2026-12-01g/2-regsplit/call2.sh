#!/usr/bin/env bash
# call 2 (thirty-seventh session), NVIDIA's OpenCL on the H200.
#  1. Experiment (x-regsplit.diff beside this folder, build xr = 8dfd3e3 + it): forward rows that fit on-chip but
#     are past the register kernel's reach (f32 2049-10232 columns on 48 KB groups) held by the split kernel in
#     128 items, 32 elements an item in registers and the rest (none up to 4096) on-chip, instead of the on-chip
#     fused kernel. One build, switched by SMAX_X_REGSPLIT: A = off (main's plans), B = on; A B B A.
#  2. Conformance of xr with the switch on: default tier, every forward variant; under SMAX_TEST_SPLIT=1 (rows the
#     registers alone hold split too) --expect-split, forward variants, special and layout (shapes: f32, bf16, f16 -> f32).
#  3. w2 (8dfd3e3, branch split-wide) under SMAX_TEST_SPLIT=2 --expect-split --variant "fwd f32": special, layout,
#     shapes.
set -u
S=/tmp; for b in w2 xr; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "w2 xr $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 x=$3; shift 3; local B=$S/stage-$b
  env ${x:+SMAX_X_REGSPLIT=1} OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
for x in "" 1; do for d in f32 bf16 f32,bf16 bf16,f32 f16; do
  R warm-$x-$d xr "$x" --algo auto --dtype $d --shape 64x3001 --shape 64x8192 > /dev/null & done; done; wait; t warm
i=0; for x in "" 1 1 ""; do i=$((i+1)); b=xr; [ -n "$x" ] && b=xr1
  R ff-$i-$b xr "$x" --algo auto --dtype f32 $(SH 2049 2560 3000 3500 4096 5000 6000 8192 10000) --shape 65536x4096
  R fl-$i-$b xr "$x" --algo auto --log --dtype f32 $(SH 3000 4096 8192)
  R fn-$i-$b xr "$x" --algo auto --dtype f32,bf16 $(SH 3000 4096 8192)
  R fb-$i-$b xr "$x" --algo auto --dtype bf16 $(SH 2560 3000 4096 6000 8192 12000) --shape 65536x4096
  R fw-$i-$b xr "$x" --algo auto --dtype bf16,f32 $(SH 3000 4096 8192)
  R fh-$i-$b xr "$x" --algo auto --dtype f16 $(SH 4096 8192)
  t round $i
done
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 14 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((560 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
V=('fwd f32->f32' 'fwd f16->f16' 'fwd bf16->bf16' 'fwd f16->f32' 'fwd f32->f16' 'fwd bf16->f32' 'fwd f32->bf16' 'fwd f16->bf16' 'fwd bf16->f16')
NV="env OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA"
for g in special layout shapes; do
  C w2 c-w2wide-$g $NV SMAX_TEST_SPLIT=2 $S/stage-w2/smax_conformance --expect-split --variant "fwd f32" --only $g
done
for v in "${V[@]}"; do n=$(echo "$v" | tr -c 'a-z0-9' '_')
  C xr c-xr-$n $NV SMAX_X_REGSPLIT=1 $S/stage-xr/smax_conformance --variant "$v"
  G="special layout"; case "$v" in 'fwd f32->f32'|'fwd bf16->bf16'|'fwd f16->f32') G="$G shapes";; esac
  for g in $G; do
    C xr c-xrsplit-$g-$n $NV SMAX_X_REGSPLIT=1 SMAX_TEST_SPLIT=1 $S/stage-xr/smax_conformance --expect-split --variant "$v" --only $g
  done
done
wait; t conformance
for b in w2wide xr xrsplit; do cat $L/c-$b-*.txt 2>/dev/null | awk -v b="$b" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5; n2++} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d runs (%d finished), %d nonzero exits\n", b, p, f, s, n, n2, bad}'; done
grep -h "FAIL" $L/c-*.txt | head -10; grep -l "^exit [^0]" $L/c-*.txt
t end
