#!/usr/bin/env bash
# call 4 (2026-11-27, sixth session), main 9d2c13b: conformance, all 18 variants, default and large tiers, of the HIP on
# NVIDIA build and of the OpenCL build on NVIDIA's OpenCL (14 at a time).
set -u
S=/tmp; for f in .dev/stage/hipnv.tgz .dev/stage/ocl.tgz; do tar xzf $f -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
throttle() { while [ "$(jobs -rp | wc -l)" -ge 14 ]; do sleep 1; done; }
for b in hipnv ocl; do
  N=$S/stage-$b
  V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
  for tier in default large; do
    while IFS= read -r v; do
      throttle
      tag=c-$b-$tier-$(echo "$v" | tr -c 'a-z0-9' '_'); o=""; [ $tier = large ] && o="--only large"
      ( LD_LIBRARY_PATH=$N timeout $((585 - SECONDS)) $N/smax_conformance $o --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) &
    done <<< "$V"
  done
done
wait
for b in hipnv ocl; do for tier in default large; do for dir in fwd bwd; do
  cat $L/c-$b-$tier-${dir}*.txt | awk -v b="$b $tier $dir" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
head -3 $L/c-hipnv-default-fwd_f32__f32.txt $L/c-ocl-default-fwd_f32__f32.txt
t end
