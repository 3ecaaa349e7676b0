#!/usr/bin/env bash
# call 4 (sixty-first session): what lands, measured: ocl-m = main + the L2 query + the re-read kernels' groups
# from their register cap (1024) + no heads kept on NVIDIA's OpenCL; cu-m = the same tree's CUDA library (its
# plans unchanged). Single vectors and few long rows (vec2.txt), four dtype/direction sets, OpenCL, CUDA,
# OpenCL again; then the large tier's 'large' group on NVIDIA's OpenCL for what time is left.
set -u
END=${END:-330}
S=/tmp; tar xJf .dev/stage/ocl-m.txz -C $S; tar xJf .dev/stage/cu-m.txz -C $S
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
left() { local l=$((END-(SECONDS-t0))); [ $l -gt ${1:-9999} ] && l=$1; echo $l; }
echo "ocl-m, cu-m; END=$END; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
SB() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  [ $(left) -lt 20 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout $(left 120) $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto --shapes .dev/calls/vec2.txt "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {p=""; for(j=2;j<i;j++) p=p" "$j; printf "%s%s %s %sus %s%%; ", s, p, $i, $(i+2), $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
for b in ocl-m cu-m ocl-m; do
  SB $b-f32-$SECONDS $b --dtype f32
  SB $b-bf16-$SECONDS $b --dtype bf16
  SB $b-bf16bwd-$SECONDS $b --dtype bf16 --backward
  SB $b-f32bwd-$SECONDS $b --dtype f32 --backward
  t "$b"
done
if [ $(left) -gt 30 ]; then
( LD_LIBRARY_PATH=$S/stage-ocl-m timeout $(left) $S/stage-ocl-m/smax_conformance -v --large --only large --variant 'fwd f32->f32+fwd bf16->bf16+bwd y,dy:f32 dx:f32+bwd y,dy:bf16 dx:bf16+fwd f16->f16+bwd y,dy:f16 dx:f16' > $L/conf-ocl-large.txt 2>&1; echo "exit $?" >> $L/conf-ocl-large.txt )
echo "large ocl-m: $(grep -E '^[0-9]+ passed' $L/conf-ocl-large.txt | tail -2 | tr '\n' ' ') $(tail -1 $L/conf-ocl-large.txt)"; grep -h FAIL $L/conf-ocl-large.txt | head -5; echo "pass lines: $(grep -c '^pass:' $L/conf-ocl-large.txt), fail lines: $(grep -c '^FAIL' $L/conf-ocl-large.txt)"
t "large"
fi
t end
