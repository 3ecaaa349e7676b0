#!/usr/bin/env bash
# call 3 (fifty-first session): the one-launch exchange's groups loop over chunks (ocl6: main + the loop, as many groups as
# the units hold) against main (ocl4), and ocl6 with SMAX_EXCHANGE_GROUPS=0 (a group a chunk, drawing a second ticket).
# NVIDIA's OpenCL on the H200.
set -u
S=/tmp; for n in ocl4 ocl6; do tar xJf .dev/stage/$n.txz -C $S; done
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 200 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1; echo "rc=$?" >> $L/$tag.txt
  echo "== $tag: $(grep -A1 -E "^[0-9]+x[0-9]+ " $L/$tag.txt | grep -E "auto|FAIL" | awk '{print $NF}' | tr '\n' ' ')"; grep -E "FAIL|rror|rc=[1-9]" $L/$tag.txt | head -3; }
export SMAX_OPENCL_DEVICE=NVIDIA
echo "c51-3; $(date -u)"
for v in ocl4 ocl6 ocl6g0 ocl6 ocl4; do
  t "$v"; unset SMAX_EXCHANGE_GROUPS; b=$v
  [ $v = ocl6g0 ] && { export SMAX_EXCHANGE_GROUPS=0; b=ocl6; }
  R bf32-$v-$SECONDS $b --algo auto --dtype f32 --backward --shape 8192x16384 --shape 4096x32768 --shape 1024x131072 --shape 1024x262144
  R bbf16-$v-$SECONDS $b --algo auto --dtype bf16 --backward --shape 4096x32768 --shape 1024x131072
  R ff32-$v-$SECONDS $b --algo auto --dtype f32 --shape 4096x32768
done
t end
