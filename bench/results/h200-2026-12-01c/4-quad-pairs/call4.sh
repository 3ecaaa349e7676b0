#!/usr/bin/env bash
# call 4 (thirty-third session, H200): call 3 again with the quads written as vectors of two quads (q3), so that the
# vector functions apply and their selects (softmax or log-softmax, lifted or not) stay once a vector; call 3 had them
# once an element, and its one-launch softmax chunks lost (bf16 -> f32 1024 x 65536 87 -> 83). q3 against m32 (main),
# A B B A, forward and gradient; OpenCL on NVIDIA ocl32 / ocl35; conformance of every mixed-width variant (CUDA, OpenCL
# on NVIDIA; --large for two); compute-sanitizer racecheck/memcheck over forward and gradient kernels.
set -u
S=/tmp; for b in m32 q3 ocl32 ocl35; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m32 q3 ocl32 ocl35 $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 100 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
i=0; for b in m32 q3 q3 m32; do i=$((i+1))
  R fs-$i-$b $b --algo auto --dtype bf16,f32 $(SH 128 575 1149 3001 8192 16384 32768) --shape 1024x65536 --shape 128x262144
  R fl-$i-$b $b --algo auto --log --dtype bf16,f32 $(SH 575 1149 3001 16384) --shape 1024x65536
  R hs-$i-$b $b --algo auto --dtype f16,f32 $(SH 575 3001 16384) --shape 1024x65536
  R ff-$i-$b $b --algo auto --dtype bf16 $(SH 1149 16384)
done; t cuda
i=0; for b in m32 q3 q3 m32; do i=$((i+1))
  R ns-$i-$b $b --algo auto --backward --dtype f32,bf16 $(SH 145 575 1149 3001 8192) --shape 1024x65536 --shape 128x262144
  R nl-$i-$b $b --algo auto --log --backward --dtype f32,bf16 $(SH 575 3001) --shape 1024x65536
done; t gradient
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
R owarm ocl35 --algo auto --dtype bf16,f32 --shape 64x3001 > /dev/null
i=0; for b in ocl32 ocl35 ocl35 ocl32; do i=$((i+1))
  R ofs-$i-$b $b --algo auto --dtype bf16,f32 $(SH 575 1149 3001 8192 16384) --shape 1024x65536
done; t opencl
unset OCL_ICD_VENDORS SMAX_OPENCL_DEVICE
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((570 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
for b in q3 ocl35; do M=$S/stage-$b; [ $b = ocl35 ] && export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
  for v in 'fwd bf16->f32' 'fwd f16->f32' 'bwd y,dy:bf16 dx:f32' 'bwd y,dy:f16 dx:f32'; do C $b c-$b-$(echo "$v" | tr -c 'a-z0-9' '_') $M/smax_conformance --variant "$v"; done
done
unset OCL_ICD_VENDORS SMAX_OPENCL_DEVICE
for v in 'fwd bf16->f32' 'bwd y,dy:bf16 dx:f32'; do C q3 L-q3-$(echo "$v" | tr -c 'a-z0-9' '_') $S/stage-q3/smax_conformance --large --variant "$v"; done
B=$S/stage-q3
for tc in "racecheck 1001x145" "racecheck 1001x575" "racecheck 301x3001" "racecheck 33x16384" "racecheck 7x65536" "racecheck 3x262144" "memcheck 1001x575" "memcheck 7x65536"; do set -- $tc
  for lg in "" --log; do
  for d in "" --backward; do
  LD_LIBRARY_PATH=$B timeout 120 compute-sanitizer --tool $1 --print-limit 5 $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.01 --rotate-mb 0 --algo auto $lg $d --dtype bf16,f32 --shape $2 > $L/san-$1-$2$lg$d.txt 2>&1
  echo "san $1 $2 $lg $d: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/san-$1-$2$lg$d.txt | tr '\n' ' ')"
done; done; done; t sanitizer
wait; t conformance
for b in q3 ocl35; do cat $L/c-$b-*.txt 2>/dev/null | awk -v b="$b mixed" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'; done
cat $L/L-q3-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "q3 mixed --large: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
grep -h "FAIL" $L/c-*.txt $L/L-*.txt | head -10; grep -h "x skipped" $L/c-q3-*.txt $L/L-*.txt | sort | uniq -c
t end
