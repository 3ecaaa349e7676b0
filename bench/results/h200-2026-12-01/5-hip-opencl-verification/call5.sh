#!/usr/bin/env bash
# call 5 (thirty-first session, H200): the deep kernel as committed (batches 5, 3, 2, 3; the plan's fewer-trips rule),
# built for CUDA sm_90 (f1), HIP on NVIDIA (hipnv31) and OpenCL (ocl31), with the dev knob SMAX_DEV_DEEP=0 that puts
# every row on the shallow kernel (s). A B B A on HIP and OpenCL on NVIDIA; conformance of every gradient variant
# (default tier) on both; CUDA f1 at the f32 rows the rule moved back (4097) and around them.
set -u
S=/tmp; for b in f1 hipnv31 ocl31; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "f1 hipnv31 ocl31 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 e=$3; shift 3; local B=$S/stage-$b
  env $e LD_LIBRARY_PATH=$B timeout 60 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
R cf-1-f1 f1 X=0 --algo auto --backward --dtype f32 $(SH 3001 4097 5000 6001)
R cb-1-f1 f1 X=0 --algo auto --backward --dtype bf16 $(SH 575 1149 1500)
for b in hipnv31 ocl31; do
i=0; for v in s d d s; do i=$((i+1)); e=X=0; [ $v = s ] && e=SMAX_DEV_DEEP=0
  R bb$b-$i-$v $b $e --algo auto --backward --dtype bf16 $(SH 575 1149 1500 2897)
  R wf$b-$i-$v $b $e --algo auto --backward --dtype f32,bf16 $(SH 287 575 3001)
  R fb$b-$i-$v $b $e --algo auto --backward --dtype bf16,f32 $(SH 575 3001)
  R ff$b-$i-$v $b $e --algo auto --backward --dtype f32 $(SH 3001 5000)
done; t $b; done
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((330 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
for b in hipnv31 ocl31; do M=$S/stage-$b
  VV=$(LD_LIBRARY_PATH=$M $M/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^bwd')
  while IFS= read -r v; do C $b c-$b-$(echo "$v" | tr -c 'a-z0-9' '_') $M/smax_conformance --variant "$v"; done <<< "$VV"
done
wait; t conformance
for b in hipnv31 ocl31; do cat $L/c-$b-*.txt 2>/dev/null | awk -v b="$b default bwd" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
t end
