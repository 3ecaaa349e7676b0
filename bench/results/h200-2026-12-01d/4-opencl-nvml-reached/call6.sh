#!/usr/bin/env bash
# call 6 (thirty-fourth session, H200, the same warm machine as calls 4-5): OpenCL conformance of ocl39 (its plans
# now the H200's), every variant, default tier; then ocl39 / ocl36 rounds as time allows.
set -u
S=/tmp; for b in ocl36 ocl39; do [ -d $S/stage-$b ] || tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "ocl39 $(cat .dev/commit) $(date -u)"
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
CP=(); C() { local tag=$1; shift; ( LD_LIBRARY_PATH=$S/stage-ocl39 timeout 150 "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
for v in 'fwd f32->f32' 'fwd f16->f16' 'fwd bf16->bf16' 'fwd f16->f32' 'fwd f32->f16' 'fwd bf16->f32' 'fwd f32->bf16' 'fwd f16->bf16' 'fwd bf16->f16' 'bwd y,dy:f32 dx:f32' 'bwd y,dy:f16 dx:f16' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f32' 'bwd y,dy:f32 dx:f16' 'bwd y,dy:bf16 dx:f32' 'bwd y,dy:f32 dx:bf16' 'bwd y,dy:f16 dx:bf16' 'bwd y,dy:bf16 dx:f16'; do
  C c-ocl39-$(echo "$v" | tr -c 'a-z0-9' '_') $S/stage-ocl39/smax_conformance --variant "$v"; done
wait; t conformance
cat $L/c-ocl39-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5; n2++} /^exit /{n++; if ($2!=0) bad++} END{printf "ocl39: %d passed, %d failed, %d skipped over %d variants (%d finished), %d nonzero exits\n", p, f, s, n, n2, bad}'
grep -h "FAIL" $L/c-*.txt | head -10; grep -l "^exit [^0]" $L/c-*.txt
t end
