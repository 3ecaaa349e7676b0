#!/usr/bin/env bash
# call 9 (H100): f16 vector stores packed as one uint4 (ocl4 = 5a6c907 + dialect change) against 5a6c907's
# OpenCL (ocl2): the PTX store count, an ABBA A/B, then ocl4's f16 conformance variants.
set -u
cd .dev; S=/tmp; for f in stage/*.tgz; do tar xzf $f -C $S; done; cd ..
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && rm -f logs/*.ptx && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 40 .dev/probe/ptxdump-new "-DSMAX_IN_DTYPE=1 -DSMAX_OUT_DTYPE=1" $L/f16-new.ptx
echo "new: st.global.u16 $(grep -c 'st.global.u16' $L/f16-new.ptx) st.global.v4.u32 $(grep -c 'st.global.v4.u32' $L/f16-new.ptx) ld.local $(grep -c 'ld.local' $L/f16-new.ptx)"
bench() { local b=$1 tag=$2; shift 2; LD_LIBRARY_PATH=$S/stage-$b timeout 30 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt; }
X="--shape 16384x4096 --shape 4096x16384 --shape 1024x65536"
i=0
for b in ocl2 ocl4 ocl4 ocl2; do
  i=$((i+1))
  bench $b ab-f16-$i-$b --dtype f16 $X
  bench $b ab-f16bwd-$i-$b --dtype f16 --backward --shape 16384x4096
done
t "A/B"
for f in $L/ab-*; do printf "%-26s" $(basename $f .txt); awk '/^[0-9]+x[0-9]+/{s=$1} /^ +auto/{printf " %s:%s(%s)", s, $NF, $2}' $f; echo; done | sort
left=$((200 - SECONDS)); [ $left -gt 30 ] || left=30
for v in 'fwd f16->f16' 'fwd f32->f16' 'fwd bf16->f16' 'bwd y,dy:f16 dx:f16' 'bwd y,dy:f32 dx:f16' 'bwd y,dy:bf16 dx:f16'; do
  tag=conf-$(echo "$v" | tr -c 'a-z0-9' '_')
  ( LD_LIBRARY_PATH=$S/stage-ocl4 timeout $left $S/stage-ocl4/smax_conformance --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) &
done
wait
for f in $L/conf-*.txt; do echo "$(basename $f .txt): $(grep -E '^[0-9]+ passed' $f | tail -1) $(tail -1 $f)"; done
t end
