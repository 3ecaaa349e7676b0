#!/usr/bin/env bash
# call 5 (thirty-fifth session): experiment, NVIDIA's OpenCL, rows past one group's 48 KB as one chunk a row in the
# re-read kernel (kernels/smax_multiblock_reread.h): the row's head kept on-chip, its tail streamed and re-read from
# L2, no exchange between groups (x-rr.diff: SMAX_X_RR=1, group SMAX_X_RRG items, head at most SMAX_X_RRK columns;
# an experiment build's switches only). ocl44 = e46f22b + the switches. b = switches off (main's plan).
set -u
S=/tmp; for b in ocl44; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "ocl44 $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
cfg() { case $1 in b) echo "SMAX_X_RR=0";; G1024) echo "SMAX_X_RR=1 SMAX_X_RRG=1024";; G512) echo "SMAX_X_RR=1 SMAX_X_RRG=512";;
  G256) echo "SMAX_X_RR=1 SMAX_X_RRG=256";; G512K) echo "SMAX_X_RR=1 SMAX_X_RRG=512 SMAX_X_RRK=6144";; G256K) echo "SMAX_X_RR=1 SMAX_X_RRG=256 SMAX_X_RRK=6144";; esac; }
SMAX_X_RR=1 R warm ocl44 --algo auto --dtype f32 --shape 64x30001 > /dev/null &
SMAX_X_RR=1 R warmg ocl44 --algo auto --backward --dtype f32 --shape 64x30001 > /dev/null &
SMAX_X_RR=1 R warmb ocl44 --algo auto --dtype bf16 --shape 64x60001 > /dev/null &
SMAX_X_RR=1 R warmgb ocl44 --algo auto --backward --dtype bf16 --shape 64x30001 > /dev/null &
R warm0 ocl44 --algo auto --dtype f32 --shape 64x30001 > /dev/null; wait; t warm
i=0; for c in b G1024 G512 G256 G256K G512K G512K G256K G256 G512 G1024 b; do i=$((i+1)); [ $i -gt 9 ] && i=9
  eval "export $(cfg $c)"
  R f-$i-$c ocl44 --algo auto --dtype f32 $(SH 12000 16384 24000 32768)
  R g-$i-$c ocl44 --algo auto --backward --dtype f32 $(SH 6000 8192 16384)
  R fb-$i-$c ocl44 --algo auto --dtype bf16 $(SH 32768)
  R gb-$i-$c ocl44 --algo auto --backward --dtype bf16 $(SH 16384)
  unset SMAX_X_RR SMAX_X_RRG SMAX_X_RRK; t $c
done
t end
