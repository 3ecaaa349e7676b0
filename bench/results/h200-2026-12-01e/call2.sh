#!/usr/bin/env bash
# call 2 (thirty-fifth session): experiment, rows past the register kernel's usual reach held in registers of a
# group of up to 1024 items (SMAX_X_REGBIG=1, an env switch of the experiment builds only; A = 0, B = 1, same binary).
# ocl42 = main 3a2927a (OpenCL, NVML) + the switch; cx = the same source built for CUDA sm_90.
set -u
S=/tmp; for b in ocl42 cx; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "ocl42 cx $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 x=$3; shift 3; local B=$S/stage-$b
  SMAX_X_REGBIG=$x LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
for d in f32 bf16 bf16,f32 f32,bf16; do R warm-$d ocl42 1 --algo auto --dtype $d --shape 64x3001 > /dev/null & done
for d in f32 bf16 bf16,f32 f32,bf16; do R warmg-$d ocl42 1 --algo auto --backward --dtype $d --shape 64x3001 > /dev/null & done; wait; t warm
i=0; for x in 0 1 1 0; do i=$((i+1)); b=x$x
  R off-$i-$b ocl42 $x --algo auto --dtype f32 $(SH 3000 4096 6000 8192 10240 12000 16384)
  R ogf-$i-$b ocl42 $x --algo auto --backward --dtype f32 $(SH 3000 4096 6000 8192 12000 16384)
  R ofb-$i-$b ocl42 $x --algo auto --dtype bf16 $(SH 3000 4096 8192 16384)
  R ogb-$i-$b ocl42 $x --algo auto --backward --dtype bf16 $(SH 12000 16384 32768)
  R ogm-$i-$b ocl42 $x --algo auto --backward --dtype f32,bf16 $(SH 12000 16384)
  t opencl round $i
done
unset OCL_ICD_VENDORS SMAX_OPENCL_DEVICE
i=0; for x in 0 1 1 0; do i=$((i+1)); b=x$x
  R cff-$i-$b cx $x --algo auto --dtype f32 $(SH 3000 4096 6000 8192 12000 16384)
  R cgf-$i-$b cx $x --algo auto --backward --dtype f32 $(SH 3000 4096 6000 8192 12000 16384)
  R cfn-$i-$b cx $x --algo auto --dtype f32,bf16 $(SH 4096 8192 16384)
  R cgb-$i-$b cx $x --algo auto --backward --dtype bf16 $(SH 12000 16384 32768)
  t cuda round $i
done
t end
