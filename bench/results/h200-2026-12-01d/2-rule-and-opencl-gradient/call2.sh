#!/usr/bin/env bash
# call 2 (thirty-fourth session, H200): n1 = m33 + forward rows of a 16-bit x written as f32 that the register kernel
# would hold in slots under 3/4 full run on-chip (257-376 on the vector grid, 513-767); t1 = n1 with the rule asked
# before the tiles too (off-grid rows of 257-383 columns leave their tiles). m33 / n1 / t1, A B C C B A, with rows at the
# rule's edges. Then OpenCL on NVIDIA against CUDA over the gradient bf16 y, dy -> f32 dx (OpenCL's 75% at 4096 x 8192);
# conformance of n1's mixed forward; racecheck of n1's new on-chip rows.
set -u
S=/tmp; for b in m33 n1 t1 ocl36; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m33 n1 t1 ocl36 $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 100 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
i=0; for b in m33 n1 t1 t1 n1 m33; do i=$((i+1))
  R fs-$i-$b $b --algo auto --dtype bf16,f32 $(SH 257 260 264 270 280 287 300 310 330 350 376 383 400 513 540 600 700 740 760 767 768 800)
  R hs-$i-$b $b --algo auto --dtype f16,f32 $(SH 264 300 513 700 760)
  R fl-$i-$b $b --algo auto --log --dtype bf16,f32 $(SH 264 300 513 700 760)
done; t bench
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
R owarm ocl36 --algo auto --backward --dtype f32,bf16 --shape 64x3001 > /dev/null
for i in 1 2; do
  R og-$i-ocl36 ocl36 --algo auto --backward --dtype f32,bf16 $(SH 1025 2048 3001 4096 6000 8192 12000 16384 32768) --shape 1024x65536
  R oh-$i-ocl36 ocl36 --algo auto --backward --dtype f32,f16 $(SH 4096 8192)
  R ob-$i-ocl36 ocl36 --algo auto --backward --dtype bf16 $(SH 4096 8192)
  R of-$i-ocl36 ocl36 --algo auto --dtype bf16,f32 $(SH 4096 8192)
done
unset OCL_ICD_VENDORS SMAX_OPENCL_DEVICE
for i in 1 2; do
  R cg-$i-m33 m33 --algo auto --backward --dtype f32,bf16 $(SH 1025 2048 3001 4096 6000 8192 12000 16384 32768) --shape 1024x65536
  R ch-$i-m33 m33 --algo auto --backward --dtype f32,f16 $(SH 4096 8192)
  R cb-$i-m33 m33 --algo auto --backward --dtype bf16 $(SH 4096 8192)
done; t opencl
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((560 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
for v in 'fwd bf16->f32' 'fwd f16->f32'; do C n1 c-n1-$(echo "$v" | tr -c 'a-z0-9' '_') $S/stage-n1/smax_conformance --variant "$v"; done
C n1 L-n1-fwd_bf16_f32 $S/stage-n1/smax_conformance --large --variant 'fwd bf16->f32'
B=$S/stage-n1
for shp in 1001x264 1001x513 1001x760; do for lg in "" --log; do
  LD_LIBRARY_PATH=$B timeout 100 compute-sanitizer --tool racecheck --print-limit 5 $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.01 --rotate-mb 0 --algo auto $lg --dtype bf16,f32 --shape $shp > $L/san-n1-$shp$lg.txt 2>&1
  echo "san n1 racecheck $shp $lg: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/san-n1-$shp$lg.txt | tr '\n' ' ')"
done; done
LD_LIBRARY_PATH=$B timeout 100 compute-sanitizer --tool memcheck --print-limit 5 $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.01 --rotate-mb 0 --algo auto --dtype f16,f32 --shape 1001x513 > $L/san-n1-mem.txt 2>&1
echo "san n1 memcheck 1001x513 f16: $(grep -E 'ERROR SUMMARY' $L/san-n1-mem.txt)"; t sanitizer
wait; t conformance
cat $L/c-n1-*.txt | awk -v b="n1" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
cat $L/L-n1-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "n1 --large fwd bf16->f32: %d passed, %d failed, %d skipped, %d nonzero exits\n", p, f, s, bad}'
grep -h "FAIL" $L/c-*.txt $L/L-*.txt | head -10
t end
