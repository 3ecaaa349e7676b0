#!/usr/bin/env bash
# call 2 (fiftieth session, H200): NVIDIA's OpenCL with the unit's on-chip memory from the compute capability
# (backends/opencl/nv_unit.c; ocl2), so the gradient's exchange staggers by the planner's rule as on CUDA and HIP,
# against main (ocl, none). Rounds ocl ocl2 ocl2 ocl; conformance of the f32 and bf16 gradient under ocl2 (rule, and
# SMAX_STAGGER=1: every row gated); a finer stagger sweep at 16 and 32 chunks. % of copy, auto.
set -u
S=/tmp; for n in ocl ocl2; do tar xJf .dev/stage/$n.txz -C $S; done
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "c50-2; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 200 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1; echo "rc=$?" >> $L/$tag.txt
  echo "== $tag: $(grep -A1 -E "^[0-9]+x[0-9]+ " $L/$tag.txt | grep -E "auto|FAIL" | awk '{print $NF}' | tr '\n' ' ')"; grep -E "FAIL|rror|rc=[1-9]" $L/$tag.txt | head -3; }
export SMAX_OPENCL_DEVICE=NVIDIA
F="--shape 8192x16384 --shape 8192x32768 --shape 4096x65536 --shape 2048x128256 --shape 1024x262144 --shape 512x393216"
H="--shape 8192x32768 --shape 4096x65536 --shape 4096x128256 --shape 256x1048576 --shape 512x524288"
echo "f32: $F"; echo "bf16: $H"
for b in ocl ocl2 ocl2 ocl; do
  t "round $b"
  R f32-$b-$SECONDS $b --algo auto --dtype f32 --backward $F
  R bf16-$b-$SECONDS $b --algo auto --dtype bf16 --backward $H
done
t "conformance under ocl2 (rule; SMAX_STAGGER=1)"
B=$S/stage-ocl2
for st in rule 1; do for v in 'bwd y,dy:f32 dx:f32' 'bwd y,dy:bf16 dx:bf16'; do
  [ $((SECONDS-t0)) -gt 470 ] && break
  tag=conf-$st-$(echo $v | tr -c 'a-z0-9' _)
  if [ $st = rule ]; then unset SMAX_STAGGER; else export SMAX_STAGGER=1; fi
  LD_LIBRARY_PATH=$B timeout 120 $B/smax_conformance --expect-cooperative --variant "$v" > $L/$tag.txt 2>&1; echo "$tag rc=$?"; tail -2 $L/$tag.txt
done; done; unset SMAX_STAGGER
t "sweep: f32 4096x65536 (16 chunks; rule 37), 2048x128256 (32; rule 18)"
for s in 18 30 49; do [ $((SECONDS-t0)) -gt 540 ] && break; export SMAX_STAGGER=$s; R sw-4096x65536-$s ocl2 --algo auto --dtype f32 --backward --shape 4096x65536; done
for s in 9 15 24; do [ $((SECONDS-t0)) -gt 540 ] && break; export SMAX_STAGGER=$s; R sw-2048x128256-$s ocl2 --algo auto --dtype f32 --backward --shape 2048x128256; done
unset SMAX_STAGGER
t end
