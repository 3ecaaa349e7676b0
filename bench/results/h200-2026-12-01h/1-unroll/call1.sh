#!/usr/bin/env bash
# call 1 (thirty-eighth session): the unroll experiment (branch x-fused-unroll, 0364b1f = main 81d04a7 + SMAX_UNROLL
# on smax_fused's sum and output loops over the kept row; nvcc unrolls them already, NVIDIA's OpenCL does not).
# ocm / ocu = OpenCL builds of main / x-fused-unroll (CUDA's side is call 2).
#  1. forward through NVIDIA's OpenCL, A B B A, ocm against ocu: f32 1024-16384, f32 log, bf16, f32 -> bf16.
#  2. bf16 forward rows of 26000-32768 columns (main; the 32-element split in 256 items, never measured), twice.
#  3. conformance of ocu through NVIDIA's OpenCL, default tier, every forward variant.
set -u
S=/tmp; for b in ocm ocu; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "ocm ocu $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
for b in ocm ocu; do for d in f32 bf16 f32,bf16; do R warm-$b-$d $b --algo auto --dtype $d --shape 64x3001 --shape 64x9000 > /dev/null & done; done; wait; t warm
i=0; for b in ocm ocu ocu ocm; do i=$((i+1))
  R of-$i-$b $b --algo auto --dtype f32 $(SH 1024 2048 2560 3200 4096 4608 6000 8192 10000 12000 16384)
  R ol-$i-$b $b --algo auto --log --dtype f32 $(SH 4000 8192 12000)
  R ob-$i-$b $b --algo auto --dtype bf16 $(SH 2048 4096 8192 12000 16384 24000)
  R on-$i-$b $b --algo auto --dtype f32,bf16 $(SH 4096 8192 12000)
  t ocl round $i
done
for i in 1 2; do R bw-$i-ocm ocm --algo auto --dtype bf16 $(SH 26000 28000 28300 29000 30000 32768); done; t bf16 wide rows
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 14 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((580 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
V=('fwd f32->f32' 'fwd f32->f16' 'fwd f32->bf16' 'fwd f16->f16' 'fwd bf16->bf16' 'fwd f16->f32' 'fwd bf16->f32' 'fwd f16->bf16' 'fwd bf16->f16')
NV="env OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA"
for v in "${V[@]}"; do n=$(echo "$v" | tr -c 'a-z0-9' '_')
  C ocu c-ocl-$n $NV $S/stage-ocu/smax_conformance --variant "$v"
done
wait; t conformance
for b in ocl; do cat $L/c-$b-*.txt 2>/dev/null | awk -v b="$b" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5; n2++} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d runs (%d finished), %d nonzero exits\n", b, p, f, s, n, n2, bad}'; done
grep -h "FAIL" $L/c-*.txt | head -10; grep -l "^exit [^0]" $L/c-*.txt
t end
