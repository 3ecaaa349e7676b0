#!/usr/bin/env bash
# call 6 (fiftieth session, H200): a cols sweep of the bf16 gradient on NVIDIA's OpenCL at 2^27 elements a tensor,
# b04d33c (ocl4) then main before it (ocl), one round each: no cliff where the stagger's share changes with chunks.
set -u
S=/tmp; for n in ocl ocl4; do tar xJf .dev/stage/$n.txz -C $S; done
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "c50-6; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
export SMAX_OPENCL_DEVICE=NVIDIA
SH=""; for c in 16384 32768 50257 65536 131072 262144 524288; do SH="$SH --shape $(( (1<<27) / c ))x$c"; done
echo "shapes:$SH"
for b in ocl4 ocl; do
  t "$b"; B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 70 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --dtype bf16 --backward $SH > $L/$b.txt 2>&1; echo "rc=$?" >> $L/$b.txt
  grep -A1 -E "^[0-9]+x[0-9]+ " $L/$b.txt | grep -E "^[0-9]|auto" | awk '/^[0-9]/{s=$1} /auto/{print s, $4, $(NF)}'
done
t end
