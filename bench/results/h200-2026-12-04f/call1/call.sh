#!/usr/bin/env bash
# next session, call 1 (prepared in the fiftieth): where NVIDIA's OpenCL trails CUDA at rows CUDA runs as clusters
# (f32/bf16 gradient, 4-16 chunks: 83-89% of CUDA at b04d33c), is it the clusters or OpenCL's exchange?
# cu with SMAX_CLUSTERS=0 (CUDA's device-memory exchange), cu (clusters), hn, ocl4. Restage builds at main first.
set -u
S=/tmp; for n in cu hn ocl4; do tar xJf .dev/stage/$n.txz -C $S; done
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 200 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1; echo "rc=$?" >> $L/$tag.txt
  echo "== $tag: $(grep -A1 -E "^[0-9]+x[0-9]+ " $L/$tag.txt | grep -E "auto|FAIL" | awk '{print $NF}' | tr '\n' ' ')"; grep -E "FAIL|rror|rc=[1-9]" $L/$tag.txt | head -3; }
export SMAX_OPENCL_DEVICE=NVIDIA
F="--shape 8192x16384 --shape 4096x32768 --shape 2048x65536 --shape 1024x131072"
H="--shape 4096x32768 --shape 2048x65536 --shape 1024x131072 --shape 512x262144"
for b in cu cu0 ocl4 hn ocl4 cu0 cu; do
  t "$b"
  case $b in cu0) export SMAX_CLUSTERS=0; bb=cu ;; *) unset SMAX_CLUSTERS; bb=$b ;; esac
  R f32-$b-$SECONDS $bb --algo auto --dtype f32 --backward $F
  R bf16-$b-$SECONDS $bb --algo auto --dtype bf16 --backward $H
done
unset SMAX_CLUSTERS
t end
