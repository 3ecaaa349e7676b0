#!/usr/bin/env bash
# call 3 (forty-third session, H200): f43b / of43b = the change as committed (.dev/f43b.diff: call 2's kernels; the
# planner now asks 15/16 of the deep kernel's slots filled for 16-bit pairs, and NVIDIA's OpenCL keeps the deep kernel
# to f32 rows in 128 items, deep_reg_wide 0). smax-bench auto at the rows whose plans call 2 changed; NVIDIA's OpenCL
# A B B A against main (om43); conformance: CUDA large tier of the forward f32 and bf16 pairs, NVIDIA's OpenCL default.
set -u
S=/tmp; for s in f43b of43b om43; do tar xJf .dev/stage/$s.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "f43b = $(cat .dev/commit) + f43b.diff; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s %s (%s)|", s, $1, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
R warm f43b --algo auto --dtype f32 --shape 64x128 > /dev/null
R c-f32 f43b --algo auto --dtype f32 $(SH 7000 7168 7500 8192) --shape 32768x8192
R c-16 f43b --algo auto --dtype bf16 $(SH 3584 3700 3840 4000 4096) --shape 65536x4096
R c-f16 f43b --algo auto --dtype f16 $(SH 3700 3900 4096)
for r in 1 2 3 4; do case $r in 1|4) o=om43;; *) o=of43b;; esac
  R o-$r-$o $o --algo auto --dtype f32 $(SH 3584 4096 7500 8192)
  R o16-$r-$o $o --algo auto --dtype bf16 $(SH 3800 4096); done
t bench
CP=(); C() { local tag=$1; shift; ( OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA timeout 330 "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
LD_LIBRARY_PATH=$S/stage-f43b C c-cuda-large $S/stage-f43b/smax_conformance --large --variant "fwd f32->f32+fwd bf16->bf16"
LD_LIBRARY_PATH=$S/stage-of43b C c-ocl $S/stage-of43b/smax_conformance --variant "fwd f32->f32+fwd bf16->bf16"
wait; t conformance
for f in $L/c-c*.txt $L/c-o*.txt; do echo "$(basename $f .txt): $(grep -E '^[0-9]+ passed, [0-9]+ failed' $f | tail -1) $(tail -1 $f)"; done
grep -h "FAIL" $L/c-cuda-large.txt $L/c-ocl.txt | head -10
t end
