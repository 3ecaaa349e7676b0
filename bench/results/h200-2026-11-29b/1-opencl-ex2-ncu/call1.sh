#!/usr/bin/env bash
# call 1 (2026-11-29, seventeenth session, H200): m = main (dd3a2b9); x = m + OpenCL on NVIDIA's SMAX_EXP2_FTZ as
# inline PTX ex2.approx.ftz (so its register kernel, tiles and on-chip rows take the lifted exponential as CUDA's do).
# (a) OpenCL on NVIDIA m / x ABBA; (b) ncu source counters (per-SASS instructions executed, stall samples) of CUDA
# main's 16-bit register kernel; (c) OpenCL on NVIDIA conformance of x, default tier, all forward variants, and the
# large tier of bf16 forward.
set -u
S=/tmp; for b in cm ocl-m ocl-x; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m: $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
R() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b
  [ $SECONDS -gt 260 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s; ", s, $4, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
sh() { local c; for c in "$@"; do printf -- "--shape %dx%d " $(( (1 << 26) / c )) $c; done; }
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 13 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$N timeout $((575 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
i=0
for b in m x x m x m; do i=$((i+1))
  R ocl-$b o$i-$b-bf16 --dtype bf16 $(sh 128 512 1024 2048 4096 8192 16384 65536)
  R ocl-$b o$i-$b-f16 --dtype f16 $(sh 128 4096)
  R ocl-$b o$i-$b-bf16log --log --dtype bf16 $(sh 128 1024)
  R ocl-$b o$i-$b-f32bf16 --dtype f32,bf16 $(sh 128 4096)
  R ocl-$b o$i-$b-f32 --dtype f32 $(sh 128 4096)
  t o$i
done
N=$S/stage-cm
ncu --help > $L/ncu-help.txt 2>&1
for c in 128 1024; do r=$(( (1 << 26) / c ))
  LD_LIBRARY_PATH=$N timeout 60 ncu --clock-control none --kernel-name regex:smax_fused_regs --launch-skip 2 --launch-count 1 \
    --section SourceCounters --section WarpStateStats --section SpeedOfLight --import-source no -o $OUT/src-bf16-$c \
    $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --algo auto --dtype bf16 --shape ${r}x$c > $L/ncu-run-$c.txt 2>&1
  ncu -i $OUT/src-bf16-$c.ncu-rep --page source --csv --print-source sass > $OUT/src-bf16-$c.csv 2> $L/ncu-src-$c.err
  echo "ncu $c: $(wc -l < $OUT/src-bf16-$c.csv) lines; $(head -c 300 $L/ncu-src-$c.err)"
done
t ncu
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^fwd')
while IFS= read -r v; do C ocl-x c-$(echo "$v" | tr -c 'a-z0-9' '_') $S/stage-ocl-x/smax_conformance --variant "$v"; done <<< "$V"
C ocl-x cl-fwd-bf16 $S/stage-ocl-x/smax_conformance --large --only large --variant 'fwd bf16->bf16'
t queued
wait
cat $L/c-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "ocl-x default fwd: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
echo "large: $(grep -E 'passed|exit' $L/cl-fwd-bf16.txt | tail -2 | tr '\n' ' ')"
grep -h "FAIL" $L/c-*.txt $L/cl-*.txt | head -10
t end
