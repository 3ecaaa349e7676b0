#!/usr/bin/env bash
# call 1 (forty-first session, H200): the register kernels' outputs without smax_finish's four operations an element
# (softmax: one multiply, log-softmax: two subtractions; kernels/smax_fused_regs.h). m41 = main 5a81e8e's CUDA build,
# f41 = the change (CUDA), of41 = the change (NVIDIA's OpenCL).
#  1. A B B A, m41/f41: forward f32 rows of 128-4096 columns at 2^25 elements (the narrow, usual and deep register
#     kernels), log-softmax; bf16 and f32 -> bf16 register rows.
#  2. peer_bench: f32 forward at 2^26 elements of 1024, 1536, 2048, 4096 columns, smax (m41, f41), torch, Triton.
#  3. Conformance of f41 (every forward variant, default tier) and of41 (fwd f32->f32, bf16->bf16); the deep and narrow
#     kernels under their test switches; compute-sanitizer memcheck and racecheck on register rows.
set -u
S=/tmp; for b in m41 f41 of41; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m41 = 5a81e8e; f41 of41 = $(cat .dev/commit) + the change; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
P=/opt/torch/.venv/bin/python3
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
R warm-m41 m41 --algo auto --dtype f32 --shape 64x128 > /dev/null; R warm-f41 f41 --algo auto --dtype f32 --shape 64x128 > /dev/null; t warm
i=0; for b in m41 f41 f41 m41; do i=$((i+1))
  R c-$i-$b $b --algo auto --dtype f32 $(SH 128 512 768 1000 1024 1536 2048 3000 4096)
  R cl-$i-$b $b --algo auto --log --dtype f32 $(SH 128 512 1024 2048 4096)
  R b-$i-$b $b --algo auto --dtype bf16 $(SH 128 512 1024 2048)
  R fb-$i-$b $b --algo auto --dtype f32,bf16 $(SH 512 2048)
  t round $i
done
PB() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b d=$L/pb-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout 150 $P bench/peer_bench.py --lib $B/libsmax.so --support $B/libsmax_testsupport.so \
    --commit $(cat .dev/commit) --out $d --reps 9 --warmup 2 --budget 0.6 "$@" > $d/peers.txt 2>&1
  t "pb $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
PS="--shape 65536x1024 --shape 43690x1536 --shape 32768x2048 --shape 16384x4096"
PB peers-f41 f41 --impl smax-auto,torch,triton --dtype f32 $PS
PB m41 m41 --impl smax-auto --dtype f32 $PS
PB f41 f41 --impl smax-auto --dtype f32 $PS
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 14 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((570 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
NV="env OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA"
for v in "fwd f32->f32" "fwd f16->f16" "fwd bf16->bf16" "fwd f16->f32" "fwd f32->f16" "fwd bf16->f32" "fwd f32->bf16" "fwd f16->bf16" "fwd bf16->f16"; do
  C f41 "c-f41-${v//[^a-z0-9]/_}" $S/stage-f41/smax_conformance --variant "$v"; done
for v in "fwd f32->f32" "fwd bf16->bf16"; do C of41 "c-of41-${v//[^a-z0-9]/_}" $NV $S/stage-of41/smax_conformance --variant "$v"; done
for g in special layout shapes; do
  C f41 c-deep-f41-$g env SMAX_TEST_DEEP_REGS=1 $S/stage-f41/smax_conformance --expect-deep-regs --variant "fwd f32->f32" --only $g
  C f41 c-narrow-f41-$g env SMAX_TEST_NARROW_REGS=1 $S/stage-f41/smax_conformance --expect-narrow-regs --variant "fwd f32->f32" --only $g; done
SAN() { local tool=$1 tag=$2; shift 2; local B=$S/stage-f41
  LD_LIBRARY_PATH=$B timeout 120 compute-sanitizer --tool $tool --print-limit 5 $B/smax-bench --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 --algo auto "$@" > $L/san-$tag.txt 2>&1
  echo "san $tag: $(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" $L/san-$tag.txt | tr '\n' ' ')"; }
SAN memcheck f32 --dtype f32 --shape 65x1024 --shape 5x4096 --shape 17x128 --shape 3x1000
SAN memcheck f32log --dtype f32 --log --shape 65x1024 --shape 5x4096 --shape 3x1001
SAN racecheck bf16 --dtype bf16 --shape 64x2048 --shape 3x999
t sanitizer
wait; t conformance
for f in $L/c-*.txt; do echo "$(basename $f .txt): $(grep -E '^[0-9]+ passed, [0-9]+ failed' $f | tail -1) $(tail -1 $f)"; done
grep -h "FAIL" $L/c-*.txt | head -10
t end
