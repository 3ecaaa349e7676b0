#!/usr/bin/env bash
# call 2 (2026-11-29, seventeenth session, H200): CUDA m = main (dd3a2b9) / E = m + the register kernel skips its
# extra slots where the row has none / F = E + row slots by shifts (lanes are powers of two), ABBA; OpenCL on NVIDIA
# m / y (= x of call 1 without the inline ex2 in programs under a register cap), ABBA; NVIDIA OpenCL's ptxas report
# (-cl-nv-verbose) of x's and y's programs; conformance of F (CUDA, default tier, forward variants; large tier bf16
# forward) and of y (OpenCL on NVIDIA, default tier, forward variants).
set -u
S=/tmp; for b in cm cE cF ocl-m ocl-x ocl-y; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m: $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
R() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b
  [ $SECONDS -gt 330 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s; ", s, $4, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
sh() { local c; for c in "$@"; do printf -- "--shape %dx%d " $(( (1 << 26) / c )) $c; done; }
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 13 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$N timeout $((575 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
i=0
for b in m E F F E m E F m; do i=$((i+1))
  R c$b a$i-$b-bf16 --dtype bf16 $(sh 128 256 512 1024 2048 1000 100)
  R c$b a$i-$b-f16 --dtype f16 $(sh 128 1024)
  R c$b a$i-$b-bf16log --log --dtype bf16 $(sh 128 1024)
  R c$b a$i-$b-f32 --dtype f32 $(sh 128 1024)
  R c$b a$i-$b-f32bf16 --dtype f32,bf16 $(sh 128)
  t a$i
done
i=0
for b in m y y m; do i=$((i+1))
  R ocl-$b o$i-$b-bf16 --dtype bf16 $(sh 128 1024 2048 4096 8192 16384 65536)
  R ocl-$b o$i-$b-f16 --dtype f16 $(sh 128 4096)
  R ocl-$b o$i-$b-bf16log --log --dtype bf16 $(sh 128 4096)
  t o$i
done
for b in x y; do N=$S/stage-ocl-$b
  SMAX_OPENCL_OPTIONS=-cl-nv-verbose LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --algo auto --dtype bf16 --shape 1024x128 --shape 64x4096 > $L/verbose-$b.txt 2>&1
  echo "verbose $b: $(grep -iE 'registers|spill|smax_fused_(regs|tile)' $L/verbose-$b.txt | head -30 | tr -s ' ' | tr '\n' '|')"
done
t verbose
V=$(LD_LIBRARY_PATH=$S/stage-cF $S/stage-cF/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^fwd')
C cF cl-F-bf16 $S/stage-cF/smax_conformance --large --only large --variant 'fwd bf16->bf16'
while IFS= read -r v; do C cF c-F-$(echo "$v" | tr -c 'a-z0-9' '_') $S/stage-cF/smax_conformance --variant "$v"; done <<< "$V"
while IFS= read -r v; do C ocl-y c-y-$(echo "$v" | tr -c 'a-z0-9' '_') $S/stage-ocl-y/smax_conformance --variant "$v"; done <<< "$V"
t queued
wait
for b in F y; do cat $L/c-$b-*.txt | awk -v b=$b '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s default fwd: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'; done
echo "large F: $(grep -E 'passed|exit' $L/cl-F-bf16.txt | tail -2 | tr '\n' ' ')"
grep -h "FAIL" $L/c-*.txt $L/cl-*.txt | head -10
t end
