#!/usr/bin/env bash
# PREPARED, NOT RUN (for the next session): NVIDIA's OpenCL in groups of up to 512 everywhere. ocl-n = main +
# next-nv-group-512.diff (SMAX_X_WIDE=1: each pair's program under -cl-nv-maxrregcount=128, the device's group
# limit 512 instead of NVIDIA's answer of 256); cu-m = main's CUDA. Rounds A (main) B (SMAX_X_WIDE=1) B A over
# bench/shapes/backend.txt and vec2.txt, four dtype/direction sets, CUDA beside; then the default conformance
# tier under B for what time is left (NVIDIA's program builds take minutes there). Run: SETS="f32 f32bwd"
# END=540 bash bench/results/h100-2026-12-06b/next-call.sh (stage ocl-n.txz and cu-m.txz first).
set -u
END=${END:-540}
S=/tmp; tar xJf .dev/stage/ocl-n.txz -C $S; tar xJf .dev/stage/cu-m.txz -C $S
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
left() { local l=$((END-(SECONDS-t0))); [ $l -gt ${1:-9999} ] && l=$1; echo $l; }
echo "ocl-n, cu-m; END=$END; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
SB() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  [ $(left) -lt 20 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout $(left 120) $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto --shapes $SHAPES "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {p=""; for(j=2;j<i;j++) p=p" "$j; printf "%s%s %s %sus %s%%; ", s, p, $i, $(i+2), $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
# SETS picks the dtype/direction sets of this call (one call cannot hold all four): e.g. SETS="f32 f32bwd" for one
# call, SETS="bf16 bf16bwd" for the next.
SETS=${SETS:-f32 f32bwd}
run_sets() { local b=$1 sfx=$2; for set in $SETS; do case $set in
  f32) SB f32-$n$sfx $b --dtype f32;; bf16) SB bf16-$n$sfx $b --dtype bf16;;
  f32bwd) SB f32bwd-$n$sfx $b --dtype f32 --backward;; bf16bwd) SB bf16bwd-$n$sfx $b --dtype bf16 --backward;;
  esac; done; }
# ROUNDS: A main; B SMAX_X_WIDE=1 (next-nv-group-512.diff); O SMAX_X_ONCHIP_CAP=1 and E that with
# SMAX_X_ONCHIP_EX2=1 (next-nv-onchip-cap.diff). ocl-n carries both diffs.
ROUNDS=${ROUNDS:-A B B A}
AB() { unset SMAX_X_WIDE SMAX_X_ONCHIP_CAP SMAX_X_ONCHIP_EX2; case $1 in B) export SMAX_X_WIDE=1;;
  O) export SMAX_X_ONCHIP_CAP=1;; E) export SMAX_X_ONCHIP_CAP=1 SMAX_X_ONCHIP_EX2=1;; esac; }
for r in $ROUNDS; do AB $r
  for SHAPES in bench/shapes/backend.txt bench/results/h100-2026-12-06b/vec2.txt; do n=$(basename $SHAPES .txt)
    run_sets ocl-n -$r-$SECONDS
  done; t "round $r"
done
AB A
for SHAPES in bench/shapes/backend.txt bench/results/h100-2026-12-06b/vec2.txt; do n=$(basename $SHAPES .txt)
  run_sets cu-m -cuda
done; t cuda
if [ $(left) -gt 40 ]; then AB ${CONF_ROUND:-B}  # the round whose build the conformance tier checks
( LD_LIBRARY_PATH=$S/stage-ocl-n timeout $(left) stdbuf -oL $S/stage-ocl-n/smax_conformance > $L/conf-ocl.txt 2>&1; echo "exit $?" >> $L/conf-ocl.txt )
echo "conformance ocl-n (${CONF_ROUND:-B}): $(grep -E '^[0-9]+ passed' $L/conf-ocl.txt | tail -2 | tr '\n' ' ') $(tail -1 $L/conf-ocl.txt)"; grep -h FAIL $L/conf-ocl.txt | head -5
fi
t end
