#!/usr/bin/env bash
# Calls of this record (sixty-second session, H100): the two experiments prepared in ../h100-2026-12-06b, A/B
# in one call. ocl-n = main b564a3d + next-nv-group-512.diff + next-nv-onchip-cap.diff (Release OpenCL, NVIDIA's
# ICD); cu-m = main's CUDA library (Release, 90-real), for the same-run CUDA column.
# PLAN="set:rounds,set:rounds" e.g. PLAN="f32:A O E B B E O A" - for each set (f32, bf16, f16, f32bf16 = f32 x
# and bf16 y, bf16f32, f32bwd, bf16bwd) the rounds over SHAPE_FILES (default bench/shapes/backend.txt and
# ../h100-2026-12-06b/vec2.txt): A main; B SMAX_X_WIDE=1 (every pair's
# program under -cl-nv-maxrregcount=128, groups of 512); O SMAX_X_ONCHIP_CAP=1 (smax_mb_onchip under 40 registers);
# E O with SMAX_X_ONCHIP_EX2=1 (keeps the inline ex2); BO both B and O; BE both B and E. CUDA beside for each set;
# then, if CONF names a round, the default conformance tier of ocl-n under it for what time is left.
# Run: PLAN=... CONF=B END=540 bash bench/results/h100-2026-12-06c/call.sh
set -u
END=${END:-540}; OCL=${OCL:-ocl-n}; CU=${CU:-cu-m}
S=/tmp; tar xJf .dev/stage/$OCL.txz -C $S; [ -n "$CU" ] && tar xJf .dev/stage/$CU.txz -C $S
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
left() { local l=$((END-(SECONDS-t0))); [ $l -gt ${1:-9999} ] && l=$1; echo $l; }
echo "$OCL, $CU; PLAN=$PLAN; END=$END; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
SB() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  [ $(left) -lt 20 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout $(left 120) $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto --shapes $SHAPES "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {p=""; for(j=2;j<i;j++) p=p" "$j; printf "%s%s %s %sus %s%%; ", s, p, $i, $(i+2), $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
args() { case $1 in f32) echo --dtype f32;; bf16) echo --dtype bf16;; f32bwd) echo --dtype f32 --backward;;
  bf16bwd) echo --dtype bf16 --backward;; f16) echo --dtype f16;; f32bf16) echo --dtype f32,bf16;;
  bf16f32) echo --dtype bf16,f32;; esac; }
AB() { unset SMAX_X_WIDE SMAX_X_ONCHIP_CAP SMAX_X_ONCHIP_EX2
  case $1 in *B*) export SMAX_X_WIDE=1;; esac
  case $1 in *O*) export SMAX_X_ONCHIP_CAP=1;; *E*) export SMAX_X_ONCHIP_CAP=1 SMAX_X_ONCHIP_EX2=1;; esac; }
SHAPE_FILES=${SHAPE_FILES:-bench/shapes/backend.txt bench/results/h100-2026-12-06b/vec2.txt}
IFS=, read -ra ITEMS <<< "$PLAN"
for item in "${ITEMS[@]}"; do set=${item%%:*}; rounds=${item#*:}
  for r in $rounds; do AB $r
    for SHAPES in $SHAPE_FILES; do n=$(basename $SHAPES .txt); SB $set-$n-$r-$SECONDS $OCL $(args $set); done
    t "$set round $r"
  done
  if [ -n "$CU" ]; then AB A
    for SHAPES in $SHAPE_FILES; do n=$(basename $SHAPES .txt); SB $set-$n-cuda $CU $(args $set); done; t "$set cuda"; fi
done
if [ -n "${CONF:-}" ] && [ $(left) -gt 40 ]; then AB $CONF
( LD_LIBRARY_PATH=$S/stage-$OCL timeout $(left) stdbuf -oL $S/stage-$OCL/smax_conformance > $L/conf-ocl.txt 2>&1; echo "exit $?" >> $L/conf-ocl.txt )
echo "conformance $OCL ($CONF): $(grep -E '^[0-9]+ passed' $L/conf-ocl.txt | tail -2 | tr '\n' ' ') $(tail -1 $L/conf-ocl.txt)"; grep -h FAIL $L/conf-ocl.txt | head -5
fi
t end
