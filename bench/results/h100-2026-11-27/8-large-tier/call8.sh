#!/usr/bin/env bash
# call 8 (2026-11-27): the large conformance tier (group "large", one process per build and variant,
# 12 at a time) of the three builds: CUDA and HIP on NVIDIA at e22aa3b's plan (their staged builds carry
# the A/B knob SMAX_DEV_COOP_BYTES, unset here), OpenCL on NVIDIA at 91b6a96.
set -u
S=/tmp; for f in .dev/stage/*.tgz; do tar xzf $f -C $S; done
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
V=$(LD_LIBRARY_PATH=$S/stage-ocl $S/stage-ocl/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
throttle() { while [ "$(jobs -rp | wc -l)" -ge 12 ]; do sleep 1; done; }
for b in cuda ocl hipnv; do
  while IFS= read -r v; do
    throttle
    tag=large-$b-$(echo "$v" | tr -c 'a-z0-9' '_')
    ( LD_LIBRARY_PATH=$S/stage-$b timeout $((400 - SECONDS)) $S/stage-$b/smax_conformance --only large --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) &
  done <<< "$V"
done
wait
for b in cuda ocl hipnv; do
  cat $L/large-$b-*.txt | awk -v b=$b '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "large %s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done
grep -l '^exit [^0]' $L/large-*.txt
grep -h "FAIL" $L/large-*.txt | head -10
t end
