#!/usr/bin/env bash
# call1.sh: ../h100-2026-12-06e/next-call.sh reordered for a short device budget: the A/B and the conformance that
# landing two chunks a compute unit needs come first, the peers (PEERS=1) with what time is left.
# Builds (Release OpenCL, staged with ../h100-2026-12-06b/stage.sh): ocl-s = 888089b's library (main's plans;
# e854e21 changed no plan), ocl-u = + ../h100-2026-12-06e/next-shared-unit.diff (groups of 128 on NVIDIA's OpenCL
# where one chunk a unit cannot hold a row). Peers: 888089b's CUDA library (.dev/peer-888089b.txz).
# Run: END=540 PEERS=1 bash bench/results/h100-2026-12-06f/call1.sh
#      (carry .dev/stage/ocl-s.txz, .dev/stage/ocl-u.txz, .dev/peer-888089b.txz)
set -u
R6=bench/results/h100-2026-12-06e; S=/tmp; END=${END:-540}
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
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %sus %s%%; ", s, $i, $(i+2), $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
for item in su-f32bwd:f32:b su-bf16bwd:bf16:b su-f32:f32: su-bf16:bf16:; do IFS=: read -r set dt dir <<< "$item"
  for r in s u u s; do SB $set-$r-$SECONDS ocl-$r $R6/$set.txt --dtype $dt ${dir:+--backward}; done; done
echo "[$((SECONDS-t0)) s] bench"
for v in "bwd y,dy:f32 dx:f32" "bwd y,dy:bf16 dx:bf16" "fwd bf16->bf16" "fwd f32->f32"; do
  [ $(left) -lt 40 ] && { echo "conformance $v: skipped (time)"; continue; }
  f=$L/conf-large-$(echo "$v" | tr -c 'a-z0-9' _).txt; s=$SECONDS
  LD_LIBRARY_PATH=$S/stage-ocl-u timeout $(left 150) $S/stage-ocl-u/smax_conformance --large --only large --variant "$v" > $f 2>&1
  echo "conformance --large --only large, ocl-u, $v: rc=$? $((SECONDS-s)) s: $(tail -1 $f)"; done
echo "[$((SECONDS-t0)) s] conformance"
if [ -n "${PEERS:-}" ]; then tar xJf .dev/peer-888089b.txz -C /tmp
  for dt in f32 bf16; do for sh in 256x1048576 32x1048576 64x2097152; do [ $(left) -lt 45 ] && break
    timeout $(left 100) python3 bench/peer_bench.py --lib /tmp/peer/libsmax.so --support /tmp/peer/libsmax_testsupport.so \
      --shape $sh --dtype $dt --impl smax-auto,torch,triton --reps 15 --budget 1.5 --out $L/peers-$dt-$sh --commit 888089b \
      > $L/peers-$dt-$sh.txt 2>&1; echo "peers $dt $sh rc=$?: $(tail -4 $L/peers-$dt-$sh.txt | tr '\n' ' ')"; done; done
  echo "[$((SECONDS-t0)) s] peers"; fi
