#!/usr/bin/env bash
# call 3 (2026-11-27, fifth session), working tree on 6ad3ebd: (a) NVIDIA's OpenCL PTX of the f16 pair, base source
# against the new (f16 vectors loaded as a uint4 on NVIDIA); (b) OpenCL f16 ABBA and f16 -> f32 AB (the load alone);
# (c) CUDA and HIP on NVIDIA with the 16-bit forward register kernel's bound (__launch_bounds__(128, 12)): ABBA bf16,
# AB f16; (d) conformance of the 16-bit forward variants: CUDA, HIP on NVIDIA (default tier), OpenCL f16 (both tiers).
set -u
S=/tmp; for f in .dev/stage/*.tgz; do tar xzf $f -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B="-cl-std=CL1.2 -DSMAX_OPENCL_C=1 -cl-fp32-correctly-rounded-divide-sqrt -DSMAX_CL_NVIDIA=1 -DSMAX_CL_WORD64=1 -DSMAX_CL_NV_SM=90 -DSMAX_IN_DTYPE=1 -DSMAX_OUT_DTYPE=1"
CLREGS_PTX=$L/f16-base timeout 60 .dev/clregs/clregs .dev/clregs/src-base.cl "$B" > $L/regs-f16-base.txt 2>&1
CLREGS_PTX=$L/f16-new timeout 60 .dev/clregs/clregs .dev/clregs/src.cl "$B" > $L/regs-f16-new.txt 2>&1
for f in $L/f16-base.0 $L/f16-new.0; do
  awk '/^.entry smax_fused_regs/{on=1} on && /^}/{on=0} on' $f > $f.fused_regs.ptx
  echo "$(basename $f) fused_regs: $(grep -c 'ld.global.v4' $f.fused_regs.ptx) v4 loads, $(grep -c 'ld.global[.a-z]*.u16\|ld.global[.a-z]*.b16' $f.fused_regs.ptx) 2-byte loads, $(grep -c 'cvt.f32.f16' $f.fused_regs.ptx) cvt.f32.f16, $(wc -l < $f.fused_regs.ptx) lines"
done
t ptx
sh() { for c in 64 100 128 256 1000 1024 2048 4096; do printf -- "--shape %dx%d " $((67108864 / c)) $c; done; echo "--shape 2097152x128"; }
R() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  local s0=$SECONDS
  LD_LIBRARY_PATH=$N timeout 150 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" $(sh) > $L/$tag.txt 2>&1
  echo "$tag ($((SECONDS-s0)) s) $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{pl=""; for(i=3;i<=NF && $i!="ok" && $i!="FAILED";i++) pl=pl $i "_"; printf "%s:%s%s ", s, pl, $NF} / [1-9][0-9]* FAILED/{print "FAILED", $0}' $L/$tag.txt)"; }
R ocl-A1-f16 ocl-base --dtype f16; R ocl-B1-f16 ocl --dtype f16; R ocl-B2-f16 ocl --dtype f16; R ocl-A2-f16 ocl-base --dtype f16
R ocl-A-f16f32 ocl-base --dtype f16,f32; R ocl-B-f16f32 ocl --dtype f16,f32
t ocl
R cuda-A1-bf16 cuda-base --dtype bf16; R cuda-B1-bf16 cuda --dtype bf16; R cuda-B2-bf16 cuda --dtype bf16; R cuda-A2-bf16 cuda-base --dtype bf16
R cuda-A-f16 cuda-base --dtype f16; R cuda-B-f16 cuda --dtype f16
t cuda
R hip-A-bf16 hipnv-base --dtype bf16; R hip-B-bf16 hipnv --dtype bf16
t hip
throttle() { while [ "$(jobs -rp | wc -l)" -ge 14 ]; do sleep 1; done; }
C() { local b=$1 tier=$2 v=$3; local N=$S/stage-$b; throttle
  local tag=c-$b-$tier-$(echo "$v" | tr -c 'a-z0-9' '_'); local o=""; [ $tier = large ] && o="--only large"
  ( LD_LIBRARY_PATH=$N timeout 240 $N/smax_conformance $o --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & }
for v in "fwd f16->f16" "fwd bf16->bf16" "fwd f16->bf16" "fwd bf16->f16"; do C cuda default "$v"; C hipnv default "$v"; done
for v in "fwd f16->f16" "fwd f16->f32" "fwd f16->bf16"; do C ocl default "$v"; C ocl large "$v"; done
wait
for b in cuda hipnv ocl; do for tier in default large; do ls $L/c-$b-$tier-* >/dev/null 2>&1 || continue
  cat $L/c-$b-$tier-*.txt | awk -v b="$b $tier fwd 16-bit" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
t end
