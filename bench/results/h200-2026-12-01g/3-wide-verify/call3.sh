#!/usr/bin/env bash
# call 3 (thirty-seventh session): verification of branch split-wide at 8dfd3e3 on the H200.
# cw = its CUDA sm_90 build, hw = HIP on NVIDIA, w2 = NVIDIA's OpenCL.
#  1. A sweep of f32 forward columns 16384-32768 through NVIDIA's OpenCL, w2, two runs
#     (the wide kernel's edges: no cliffs).
#  2. Conformance under SMAX_TEST_SPLIT=2 --expect-split --variant "fwd f32" (special, layout, shapes): CUDA and HIP
#     on NVIDIA; CUDA's default tier of the fwd f32 variants.
#  3. compute-sanitizer on CUDA under SMAX_TEST_SPLIT=2: racecheck, synccheck, memcheck of the wide kernel.
set -u
S=/tmp; for b in w2 cw; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "w2 cw hw $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 14 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((560 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
for b in w2; do R warm-$b $b --algo auto --dtype f32 --shape 64x3001 --shape 64x24000 > /dev/null & done; wait; t warm
i=0; for b in w2 w2; do i=$((i+1))
  R sw-$i-$b $b --algo auto --dtype f32 $(SH 16384 17408 18432 19456 20480 21504 22528 23552 24576 25600 26624 27648 28416 28672 29696 30720 32768)
  t sweep $i
done
B=$S/stage-cw
SAN() { local tool=$1 tag=$2; shift 2
  SMAX_TEST_SPLIT=2 LD_LIBRARY_PATH=$B timeout 90 compute-sanitizer --tool $tool --print-limit 5 $B/smax-bench --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 --algo auto "$@" > $L/san-$tag.txt 2>&1
  echo "san $tool $tag: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/san-$tag.txt | tr '\n' ' ') plan: $(awk '$1=="auto"{print $3, $4, $5}' $L/san-$tag.txt | head -2 | tr '\n' ' ')"; }
SAN racecheck f32-racecheck --dtype f32 --shape 67x20001 --shape 3x9000
SAN synccheck f32log-synccheck --dtype f32 --log --shape 67x20001 --shape 3x9001
SAN memcheck f32bf16-memcheck --dtype f32,bf16 --shape 67x20001 --shape 3x9000
t sanitizer
for g in special layout shapes; do
  C cw c-cudawide-$g env SMAX_TEST_SPLIT=2 $S/stage-cw/smax_conformance --expect-split --variant "fwd f32" --only $g
  [ -d $S/stage-hw ] && C hw c-hipwide-$g env SMAX_TEST_SPLIT=2 $S/stage-hw/smax_conformance --expect-split --variant "fwd f32" --only $g
done
for v in 'fwd f32->f32' 'fwd f32->f16' 'fwd f32->bf16'; do n=$(echo "$v" | tr -c 'a-z0-9' '_')
  C cw c-cuda-$n $S/stage-cw/smax_conformance --variant "$v"
done
wait; t conformance
for b in cudawide hipwide cuda; do cat $L/c-$b-*.txt 2>/dev/null | awk -v b="$b" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5; n2++} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d runs (%d finished), %d nonzero exits\n", b, p, f, s, n, n2, bad}'; done
grep -h "FAIL" $L/c-*.txt | head -10; grep -l "^exit [^0]" $L/c-*.txt
t end
