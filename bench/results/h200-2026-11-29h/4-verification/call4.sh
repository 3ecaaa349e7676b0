#!/usr/bin/env bash
# call 4 (twenty-third session, H200): the committed plan (onchip_outpaces) verified. (a) smax-bench auto on HIP on
# NVIDIA at shapes whose plan moved on-chip (GPU alone); (b) conformance, default tier, every variant, on CUDA (m23f),
# HIP on NVIDIA (hipnv23) and OpenCL on NVIDIA (ocl23); large tier of the f32 and bf16 forward and gradient on CUDA;
# (c) compute-sanitizer memcheck, racecheck, synccheck on CUDA at shapes of every one-launch kind and of the rows that
# now run on-chip.
set -u
S=/tmp; for b in m23f hipnv23 ocl23; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m23f $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
N=$S/stage-m23f; H=$S/stage-hipnv23
SH="--shape 58355x575 --shape 104857x320 --shape 29203x1149 --shape 23156x1449"
for a in "--dtype f32" "--dtype bf16" "--backward --dtype bf16 --shape 11582x2897"; do
  LD_LIBRARY_PATH=$H timeout 40 $H/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto $a $SH > $L/hip-$(echo "$a" | tr -c 'a-z0-9' '_').txt 2>&1
  echo "hipnv $a: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s; ", s, $4, $NF} /FAILED verification/ && $5!=0 {print "FAIL", $0}' $L/hip-$(echo "$a" | tr -c 'a-z0-9' '_').txt)"
done
t hip-bench
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$M timeout $((470 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
while IFS= read -r v; do C m23f c-cuda-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$V"
for v in 'fwd f32->f32' 'fwd bf16->bf16' 'bwd y,dy:f32 dx:f32' 'bwd y,dy:bf16 dx:bf16'; do
  C m23f cl-cuda-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --large --only large --variant "$v"; done
SF="--shape 4x262144 --shape 3x100000 --shape 2x300001 --shape 1x600000 --shape 64x4097 --shape 1000x100 --shape 1000x575 --shape 1000x1149 --shape 999x320 --shape 500x2897"
for tool in memcheck racecheck synccheck; do for a in "--dtype f32" "--dtype bf16" "--backward --dtype f32" "--backward --dtype bf16"; do
  C m23f san-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto $a $SF; done; done
t "cuda queued"
for b in hipnv23 ocl23; do M=$S/stage-$b
  while IFS= read -r v; do C $b c-$b-$(echo "$v" | tr -c 'a-z0-9' '_') $M/smax_conformance --variant "$v"; done <<< "$V"
  t "queued $b"; done
wait; t "all done"
for b in cuda hipnv23 ocl23; do for d in fwd bwd; do
  cat $L/c-$b-${d}_*.txt 2>/dev/null | awk -v b="$b default $d" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done
for f in $L/cl-*.txt; do echo "$(basename $f): $(grep -E '^[0-9]+ passed' $f | tail -1) | $(tail -1 $f)"; done
grep -l '^exit [^0]' $L/c-*.txt $L/cl-*.txt; grep -h "FAIL" $L/c-*.txt $L/cl-*.txt | head -10
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(tail -1 $f)"; done
t end
