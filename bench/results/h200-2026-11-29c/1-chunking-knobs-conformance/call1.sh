#!/usr/bin/env bash
# call 1 (2026-11-29, eighteenth session, H200): cx = ccb27eb + env knobs in the plan (.dev/exp-s18.patch; none set =
# main's plans). (a) the one-launch rows past one group's on-chip memory under other chunkings: the device-memory
# exchange's bytes an item (SMAX_EXP_XB_FWD/BWD, main 128), the gradient cluster's vector pairs an item (SMAX_EXP_BWD_PAIRS,
# main 4), no cluster (SMAX_EXP_NOCL_BWD/FWD); (b) conformance, default tier, every variant, of main as HIP on NVIDIA
# (hipnv-n = 3326ef1, kernels as ccb27eb) and OpenCL on NVIDIA (ocl-m = ccb27eb).
set -u
S=/tmp; for b in cx hipnv-n ocl-m; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "cx: ccb27eb + knobs $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
R() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b
  [ $SECONDS -gt 250 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s; ", s, $4, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
sh() { local c; for c in "$@"; do printf -- "--shape %dx%d " $(( (1 << 26) / c )) $c; done; }
set1() { R cx $1-bwdf32 --backward --dtype f32 $(sh 50257 128256 262144 1048576 65536)
  R cx $1-bwdbf16 --backward --dtype bf16 $(sh 50257 128256 262144 1048576)
  R cx $1-fwd --dtype f32 $(sh 1048576 262144)
  R cx $1-fwdbf16 --dtype bf16 $(sh 1048576); t $1; }
set1 m1
SMAX_EXP_XB_BWD=192 SMAX_EXP_XB_FWD=192 set1 xb192
SMAX_EXP_XB_BWD=256 SMAX_EXP_XB_FWD=256 set1 xb256
SMAX_EXP_BWD_PAIRS=8 set1 pairs8
SMAX_EXP_NOCL_BWD=1 SMAX_EXP_NOCL_FWD=1 set1 nocl
SMAX_EXP_NOCL_BWD=1 SMAX_EXP_NOCL_FWD=1 SMAX_EXP_XB_BWD=192 SMAX_EXP_XB_FWD=192 set1 nocl192
set1 m2
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b; throttle
  ( OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$N timeout $((585 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
N=$S/stage-cx
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
for be in hipnv-n ocl-m; do while IFS= read -r v; do C $be c-$be-$(echo "$v" | tr -c 'a-z0-9' '_') $S/stage-$be/smax_conformance --variant "$v"; done <<< "$V"; done
t queued
wait
for be in hipnv-n ocl-m; do cat $L/c-$be-*.txt | awk -v be=$be '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s default: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", be, p, f, s, n, bad}'; done
for f in $L/c-*.txt; do echo "$(basename $f): $(grep -E '^[0-9]+ passed' $f | tail -1) | $(tail -1 $f)"; done
grep -h "FAIL" $L/c-*.txt | head -10
t end
