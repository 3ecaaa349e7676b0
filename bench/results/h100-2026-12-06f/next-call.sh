#!/usr/bin/env bash
# PREPARED, NOT RUN: what this record could not check of two chunks a compute unit (84a28ed), and the large tier on
# CUDA and HIP on NVIDIA that call 2 ran out of time for.
# Builds (staged with ../h100-2026-12-06b/stage.sh): ocl-m = main 84a28ed's OpenCL backend (Release); cu-h / hnv-s =
# main e854e21's CUDA / HIP-on-NVIDIA backends (84a28ed changes no CUDA or HIP plan, and their kernels only in
# comments).
# (1) smax-bench verification (every element, the tolerance rule) on NVIDIA's OpenCL of rows the rule holds two a
#     unit: odd lengths, log-softmax, f32, bf16, f16 and mixed pairs, auto and forced multiblock, and every row
#     gated (SMAX_STAGGER=1); a plan of more chunks a row than the H100's 132 units (`c256 L1`) is one that holds
#     two a unit, and the summary counts those runs.
# (2) the large conformance tier (`--large --only large`), f32 forward and gradient, on cu-h and hnv-s.
# Run: END=540 bash bench/results/h100-2026-12-06f/next-call.sh
#      (carry .dev/stage/ocl-m.txz, .dev/stage/cu-h.txz, .dev/stage/hnv-s.txz)
set -u
R=bench/results/h100-2026-12-06f; S=/tmp; END=${END:-540}
for b in ocl-m cu-h hnv-s; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; left() { local l=$((END-(SECONDS-t0))); [ $l -gt ${1:-9999} ] && l=$1; echo $l; }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
V() { local tag=$1 shapes=$2; shift 2; local N=$S/stage-ocl-m
  [ $(left) -lt 20 ] && { echo "$tag: skipped (time)"; return; }
  ( export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
    LD_LIBRARY_PATH=$N timeout $(left 120) $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 \
      --algo auto,multiblock --shapes $R/$shapes "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt )
  echo "$tag: $(grep -E 'runs:' $L/$tag.txt | tail -1) $(awk '{for(i=1;i<=NF;i++) if($i ~ /^c[0-9]+$/ && substr($i,2)+0 > 132) n++} END {print n+0}' $L/$tag.txt) runs of more chunks than units; $(tail -1 $L/$tag.txt)"; }
V f32-bwd verify-bwd.txt --dtype f32 --backward
V f32-bwd-log verify-bwd.txt --dtype f32 --backward --log
SMAX_STAGGER=1 V f32-bwd-gated verify-bwd.txt --dtype f32 --backward
V f32-bf16-bwd verify-bwd.txt --dtype bf16,f32 --backward   # y, dy f32; dx bf16
V f32-fwd verify-fwd.txt --dtype f32
V f32-fwd-log verify-fwd.txt --dtype f32 --log
SMAX_STAGGER=1 V f32-fwd-gated verify-fwd.txt --dtype f32
V f32-f16-fwd verify-fwd.txt --dtype f32,f16
V bf16-fwd verify-fwd16.txt --dtype bf16
V f16-fwd-log verify-fwd16.txt --dtype f16 --log
V bf16-bwd verify-bwd16.txt --dtype bf16 --backward
V f16-bwd verify-bwd16.txt --dtype f16 --backward
V bf16-f32-bwd verify-bwd16.txt --dtype f32,bf16 --backward   # y, dy bf16; dx f32
echo "[$((SECONDS-t0)) s] verification"
for b in cu-h hnv-s; do for v in "fwd f32->f32" "bwd y,dy:f32 dx:f32"; do
  [ $(left) -lt 30 ] && { echo "$b conformance --large, $v: skipped (time)"; continue; }
  f=$L/conf-large-$b-$(echo "$v" | tr -c 'a-z0-9' _).txt; s=$SECONDS
  LD_LIBRARY_PATH=$S/stage-$b timeout $(left 150) $S/stage-$b/smax_conformance --large --only large --variant "$v" > $f 2>&1
  echo "$b conformance --large --only large, $v: rc=$? $((SECONDS-s)) s: $(tail -1 $f)"; done; done
echo "[$((SECONDS-t0)) s] done"
