#!/usr/bin/env bash
# PREPARED, NOT RUN: two chunks a compute unit where one cannot hold a row (next-shared-unit.diff against 21b00ec).
# Builds (Release OpenCL, staged with ../h100-2026-12-06b/stage.sh): ocl-s = main (the forward stagger), ocl-u =
# main + next-shared-unit.diff. On NVIDIA's OpenCL the gradient's exchange has no register budget, so the patch
# plans groups of 128 there (half of the 256 the kernel may launch); this call's X2 rounds ran groups of 256.
# Checks: (1) S U U S on the rows the patch moves to one launch (f32 gradient 1M, bf16 gradient 2M, f32 forward 2M,
# bf16 forward 4M) and controls (256 x 600000, bf16 256 x 1M); every result verified by smax-bench; (2) the --large
# conformance tier (rows of 2^20 and 2^22, which the patch takes) on ocl-u, gradient and forward f32 and bf16.
# (3) PEERS=1 first: the forward beside torch and Triton at 888089b (its CUDA library with smax_testsupport_shared,
# staged as .dev/peer-888089b.txz), the shapes the forward stagger moved: f32 and bf16 256 x 1M, 32 x 1M, 64 x 2M.
# Run: END=540 [PEERS=1] bash bench/results/h100-2026-12-06e/next-call.sh
#      (carry .dev/stage/ocl-s.txz, .dev/stage/ocl-u.txz[, .dev/peer-888089b.txz])
set -u
R=bench/results/h100-2026-12-06e; S=/tmp; END=${END:-540}
for b in ocl-s ocl-u; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; left() { local l=$((END-(SECONDS-t0))); [ $l -gt ${1:-9999} ] && l=$1; echo $l; }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
SB() { local tag=$1 b=$2 shapes=$3; shift 3; local N=$S/stage-$b
  [ $(left) -lt 20 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout $(left 150) $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto --shapes $shapes "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {p=""; for(j=2;j<i;j++) p=p" "$j; printf "%s%s %s %sus %s%%; ", s, p, $i, $(i+2), $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
if [ -n "${PEERS:-}" ]; then tar xJf .dev/peer-888089b.txz -C /tmp
  for dt in f32 bf16; do for sh in 256x1048576 32x1048576 64x2097152; do [ $(left) -lt 60 ] && break
    timeout $(left 120) python3 bench/peer_bench.py --lib /tmp/peer/libsmax.so --support /tmp/peer/libsmax_testsupport.so \
      --shape $sh --dtype $dt --impl smax-auto,torch,triton --reps 15 --budget 1.5 --out $L/peers-$dt-$sh --commit 888089b \
      > $L/peers-$dt-$sh.txt 2>&1; echo "peers $dt $sh rc=$?: $(tail -4 $L/peers-$dt-$sh.txt | tr '\n' ' ')"; done; done
  echo "[$((SECONDS-t0)) s] peers"; fi
for item in su-f32bwd:f32:b su-bf16bwd:bf16:b su-f32:f32: su-bf16:bf16:; do IFS=: read -r set dt dir <<< "$item"
  for r in s u u s; do SB $set-$r-$SECONDS ocl-$r $R/$set.txt --dtype $dt ${dir:+--backward}; done; done
echo "[$((SECONDS-t0)) s] bench"
for v in "bwd y,dy:f32 dx:f32" "bwd y,dy:bf16 dx:bf16" "fwd f32->f32" "fwd bf16->bf16"; do
  [ $(left) -lt 30 ] && { echo "conformance $v: skipped (time)"; continue; }
  f=$L/conf-large-$(echo "$v" | tr -c 'a-z0-9' _).txt; s=$SECONDS
  LD_LIBRARY_PATH=$S/stage-ocl-u timeout $(left 200) $S/stage-ocl-u/smax_conformance --large --only large --variant "$v" > $f 2>&1
  echo "conformance --large, $v: rc=$? $((SECONDS-s)) s: $(tail -1 $f)"; done
