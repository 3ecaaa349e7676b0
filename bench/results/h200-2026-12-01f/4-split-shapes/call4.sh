#!/usr/bin/env bash
# call 4 (thirty-sixth session): the test switch's shapes group at ade859b (SMAX_TEST_SPLIT=1 --expect-split --only
# shapes), one process a variant, through NVIDIA's OpenCL (ocl52) and CUDA (cs52): call 3 ran it as one process
# for all 18 variants, which its time limit cut off.
set -u
S=/tmp; for b in ocl52 cs52; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "ocl52 cs52 $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 14 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((230 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
V=('fwd f32->f32' 'fwd f16->f16' 'fwd bf16->bf16' 'fwd f16->f32' 'fwd f32->f16' 'fwd bf16->f32' 'fwd f32->bf16' 'fwd f16->bf16' 'fwd bf16->f16' 'bwd y,dy:f32 dx:f32' 'bwd y,dy:f16 dx:f16' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f32' 'bwd y,dy:f32 dx:f16' 'bwd y,dy:bf16 dx:f32' 'bwd y,dy:f32 dx:bf16' 'bwd y,dy:f16 dx:bf16' 'bwd y,dy:bf16 dx:f16')
for v in "${V[@]}"; do n=$(echo "$v" | tr -c 'a-z0-9' '_')
  C ocl52 c-oclsplit-$n env OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA SMAX_TEST_SPLIT=1 $S/stage-ocl52/smax_conformance --expect-split --variant "$v" --only shapes
  C cs52 c-cudasplit-$n env SMAX_TEST_SPLIT=1 $S/stage-cs52/smax_conformance --expect-split --variant "$v" --only shapes
done
wait; t conformance
for b in oclsplit cudasplit; do cat $L/c-$b-*.txt 2>/dev/null | awk -v b="$b" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5; n2++} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d runs (%d finished), %d nonzero exits\n", b, p, f, s, n, n2, bad}'; done
grep -h "FAIL" $L/c-*.txt | head -10; grep -l "^exit [^0]" $L/c-*.txt
t end
