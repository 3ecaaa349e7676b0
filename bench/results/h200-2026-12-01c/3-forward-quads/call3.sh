#!/usr/bin/env bash
# call 3 (thirty-third session, H200): the forward's f32 outputs of 16-bit rows written four elements an item from
# on-chip memory as well (on-chip rows and one-launch chunks), q2 (main a855882 + gradient and forward quads) against
# m32 (main), A B B A; q1 (gradient quads only) once for the gradient; OpenCL on NVIDIA ocl32 / ocl34; conformance of
# every mixed-width variant (CUDA, OpenCL on NVIDIA); compute-sanitizer racecheck/memcheck over forward kernels.
set -u
S=/tmp; for b in m32 q1 q2 ocl32 ocl34; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m32 q1 q2 ocl32 ocl34 $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 100 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
i=0; for b in m32 q2 q2 m32; do i=$((i+1))
  R fs-$i-$b $b --algo auto --dtype bf16,f32 $(SH 128 575 1149 3001 8192 16384 32768) --shape 1024x65536 --shape 128x262144
  R fl-$i-$b $b --algo auto --log --dtype bf16,f32 $(SH 575 1149 3001 16384) --shape 1024x65536
  R hs-$i-$b $b --algo auto --dtype f16,f32 $(SH 575 3001 16384) --shape 1024x65536
  R ff-$i-$b $b --algo auto --dtype bf16 $(SH 1149 16384)
done; t cuda
for b in q1 q2; do R ns-$b $b --algo auto --backward --dtype f32,bf16 $(SH 145 1149 3001 8192) --shape 1024x65536; done
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
R owarm ocl34 --algo auto --dtype bf16,f32 --shape 64x3001 > /dev/null
i=0; for b in ocl32 ocl34 ocl34 ocl32; do i=$((i+1))
  R ofs-$i-$b $b --algo auto --dtype bf16,f32 $(SH 575 1149 3001 8192 16384) --shape 1024x65536
done; t opencl
unset OCL_ICD_VENDORS SMAX_OPENCL_DEVICE
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((570 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
for b in q2 ocl34; do M=$S/stage-$b; [ $b = ocl34 ] && export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
  for v in 'fwd bf16->f32' 'fwd f16->f32' 'bwd y,dy:bf16 dx:f32' 'bwd y,dy:f16 dx:f32'; do C $b c-$b-$(echo "$v" | tr -c 'a-z0-9' '_') $M/smax_conformance --variant "$v"; done
done
unset OCL_ICD_VENDORS SMAX_OPENCL_DEVICE
for v in 'fwd bf16->f32' 'bwd y,dy:bf16 dx:f32'; do C q2 L-q2-$(echo "$v" | tr -c 'a-z0-9' '_') $S/stage-q2/smax_conformance --large --variant "$v"; done
B=$S/stage-q2
for tc in "racecheck 1001x128" "racecheck 1001x575" "racecheck 301x3001" "racecheck 33x16384" "racecheck 7x65536" "racecheck 3x262144" "memcheck 301x3001" "memcheck 7x65536"; do set -- $tc
  for lg in "" --log; do
  LD_LIBRARY_PATH=$B timeout 120 compute-sanitizer --tool $1 --print-limit 5 $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.01 --rotate-mb 0 --algo auto $lg --dtype bf16,f32 --shape $2 > $L/san-$1-$2$lg.txt 2>&1
  echo "san $1 $2 $lg: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/san-$1-$2$lg.txt | tr '\n' ' ')"
done; done; t sanitizer
wait; t conformance
for b in q2 ocl34; do cat $L/c-$b-*.txt 2>/dev/null | awk -v b="$b mixed" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'; done
cat $L/L-q2-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "q2 mixed --large: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
grep -h "FAIL" $L/c-*.txt $L/L-*.txt | head -10; grep -h "x skipped" $L/c-q2-*.txt $L/L-*.txt | sort | uniq -c
t end
