#!/usr/bin/env bash
# call 4 (thirty-second session, H200): call 2 again after its OpenCL build failed on NVIDIA (variadic macros, which
# OpenCL C 1.2 lacks; the dispatch is now a statement macro): OpenCL on NVIDIA, main's kernels (ocl31) against the
# gradient compiled apart for softmax and log-softmax (ocl32), A B B A at log-softmax gradient shapes of each kernel;
# HIP on NVIDIA with the change (hipnv32) twice at the same shapes (main's HIP build does not fit the device tool's
# carry beside it: the CUDA A B B A of call 1 measured the same kernel source); CUDA f1 / m32 (the statement macro)
# A B B A at four shapes; conformance of every gradient variant (default tier) on HIP, OpenCL and CUDA.
set -u
S=/tmp; for b in ocl31 hipnv32 ocl32 f1 m32; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "ocl31 hipnv32 ocl32 f1 m32 $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 60 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
for k in hipnv ocl; do
VS="31 32 32 31"; [ $k = hipnv ] && VS="32 32"
i=0; for v in $VS; do i=$((i+1)); b=$k$v
  R bl$k-$i-$v $b --algo auto --log --backward --dtype bf16 $(SH 145 457 575 1149 2897) --shape 1024x65536
  R fl$k-$i-$v $b --algo auto --log --backward --dtype f32 $(SH 575 3001) --shape 512x65536
  R bs$k-$i-$v $b --algo auto --backward --dtype bf16 $(SH 145 1149)
done; t $k; done
i=0; for b in f1 m32 m32 f1; do i=$((i+1))
  R blcuda-$i-$b $b --algo auto --log --backward --dtype bf16 $(SH 145 1149 1825) --shape 1024x65536
done; t cuda
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((560 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
for b in hipnv32 ocl32 m32; do M=$S/stage-$b
  VV=$(LD_LIBRARY_PATH=$M $M/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^bwd')
  while IFS= read -r v; do C $b c-$b-$(echo "$v" | tr -c 'a-z0-9' '_') $M/smax_conformance --variant "$v"; done <<< "$VV"
done
wait; t conformance
for b in hipnv32 ocl32 m32; do cat $L/c-$b-*.txt 2>/dev/null | awk -v b="$b default bwd" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
t end
