#!/usr/bin/env bash
# call 2 (forty-third session, H200): f43 = main (the commit in .dev/commit) + the deep register kernel for f32
# rows of 7168-8192 columns in 256 items and for rows of two 16-bit sides of 3584-4096 columns (4 vectors of 8 a
# lane), as the working tree's diff (.dev/f43.diff). A B B A against m = main's plans (x43 with its switches unset:
# main's kernels and plans, call 1) on CUDA; NVIDIA's OpenCL om43 (main) / of43; HIP on NVIDIA hm43 (main) / hn43.
# peer_bench forward f32 and bf16 at every peer shape on f43; conformance (CUDA forward variants of the changed
# pairs, default tier, and the test switch's deep rows; HIP and NVIDIA's OpenCL alike); compute-sanitizer.
set -u
S=/tmp; for s in f43 x43 of43 om43 hn43 hm43; do tar xJf .dev/stage/$s.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "f43 = $(cat .dev/commit) + f43.diff; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
(command -v cuobjdump && cuobjdump --dump-resource-usage $S/stage-f43/libsmax.so.0.2.0 | grep -A1 -E "regs_deep" | grep -oE "Function [^:]*|REG:[0-9]+" | paste - -) > $L/regs.txt 2>&1; grep -E "f32_f32|bf16_bf16|f16_f16" $L/regs.txt
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s %s (%s)|", s, $1, ($1=="auto"?$(NF-1):$NF), substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
R warm f43 --algo auto --dtype f32 --shape 64x128 > /dev/null
round() { local i=$1 c=$2 o=$3 h=$4
  R c-f32-$i-$c $c --algo auto --dtype f32 $(SH 7000 7168 7500 8000 8192) --shape 1024x8192 --shape 32768x8192
  R c-f32log-$i-$c $c --log --algo auto --dtype f32 $(SH 7500 8192)
  R c-16-$i-$c $c --algo auto --dtype bf16 $(SH 3584 3800 4000 4096) --shape 1024x4096 --shape 65536x4096
  R c-16log-$i-$c $c --log --algo auto --dtype bf16 $(SH 4096)
  R c-f16-$i-$c $c --algo auto --dtype f16 $(SH 3700 4096)
  R o-$i-$o $o --algo auto --dtype f32 $(SH 7500 8192)
  R o16-$i-$o $o --algo auto --dtype bf16 $(SH 3800 4096)
  R h-$i-$h $h --algo auto --dtype f32 $(SH 7500 8192)
  R h16-$i-$h $h --algo auto --dtype bf16 $(SH 3800 4096)
  t round $i; }
round 1 x43 om43 hm43; round 2 f43 of43 hn43; round 3 f43 of43 hn43; round 4 x43 om43 hm43
P=/opt/torch/.venv/bin/python3; N=$S/stage-f43
PB() { local tag=$1 lim=$2; shift 2; local d=$L/peers-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit "$(cat .dev/commit)+f43" --out $d --impl smax-auto,torch,triton --reps 10 --budget 0.8 "$@" > $d/peers.txt 2>&1
  t "peers $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
PB f32 120 --dtype f32
PB bf16 130 --dtype bf16
CP=(); C() { local tag=$1; shift; ( OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA timeout 170 "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
V="fwd f32->f32+fwd bf16->bf16+fwd f16->f16"
LD_LIBRARY_PATH=$S/stage-f43 C c-cuda $S/stage-f43/smax_conformance --variant "$V"
LD_LIBRARY_PATH=$S/stage-f43 SMAX_TEST_DEEP_REGS=1 C c-cuda-deep $S/stage-f43/smax_conformance --expect-deep-regs --variant "fwd f32->f32+fwd bf16->bf16"
LD_LIBRARY_PATH=$S/stage-hn43 C c-hip $S/stage-hn43/smax_conformance --variant "fwd f32->f32+fwd bf16->bf16"
LD_LIBRARY_PATH=$S/stage-of43 C c-ocl $S/stage-of43/smax_conformance --variant "fwd f32->f32+fwd bf16->bf16"
wait; t conformance
for f in $L/c-*.txt; do echo "$(basename $f .txt): $(grep -E '^[0-9]+ passed, [0-9]+ failed' $f | tail -1) $(tail -1 $f)"; done
grep -h "FAIL" $L/c-*.txt | head -10
SB() { local tool=$1 tag=$2 b=$3; shift 3; LD_LIBRARY_PATH=$S/stage-$b timeout 60 compute-sanitizer --tool $tool --print-limit 5 $S/stage-$b/smax-bench --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 --algo auto "$@" > $L/san-$tag.txt 2>&1
  echo "san $tag: $(grep -hE "SUMMARY" $L/san-$tag.txt) $(grep -c " ok " $L/san-$tag.txt) ok $(grep -ci "held in registers (the deep" $L/san-$tag.txt)"; }
SB memcheck mem f43 --dtype f32 --shape 100x8192 --shape 64x7169 --shape 3x8191
SB memcheck mem16 f43 --dtype bf16 --shape 100x4096 --shape 64x3585 --shape 3x4095
SB memcheck memlog f43 --log --dtype f16 --shape 100x4000 --shape 10x7300
SB racecheck race f43 --dtype f32 --shape 100x8192 --shape 64x7169
SB racecheck race16 f43 --dtype bf16 --shape 100x4096 --shape 64x3585
SB memcheck mem-hip hn43 --dtype bf16 --shape 100x4096 --shape 64x3585
t end
