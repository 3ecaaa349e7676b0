#!/usr/bin/env bash
# call 4 (fortieth session, H200): the narrow register kernel (smax_fused_regs_narrow, 2 vectors an item) as it will be
# committed: planned for forward f32 rows that fill every slot of a row slot of at most a warp (32, 64, 128, 256 columns)
# where memory outpaces the H100's. xr = main cfb9bbc's library (+ an unused planner switch) for CUDA, obase = main's
# OpenCL; nar / onar / hnar = the change, CUDA / NVIDIA's OpenCL / HIP on NVIDIA.
#  1. A B B A, xr/nar and obase/onar: f32 forward 32-512 columns at 2^25 elements, log-softmax; HIP on NVIDIA once.
#  2. peer_bench: smax (xr, nar) vs torch and Triton at 2^26 elements of 128 and 256 columns and at 2097152 x 128.
#  3. Conformance: SMAX_TEST_NARROW_REGS=1 --expect-narrow-regs fwd f32->f32 special, layout, shapes; default tier
#     fwd f32->f32: CUDA, NVIDIA's OpenCL, HIP on NVIDIA. compute-sanitizer racecheck, synccheck, memcheck (CUDA).
set -u
S=/tmp; for b in xr nar obase onar hnar; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "xr obase = cfb9bbc; nar onar hnar = $(cat .dev/commit) + the change; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
P=/opt/torch/.venv/bin/python3
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
COLS="32 64 100 128 200 252 256 264 384 512"
for b in obase onar; do R warm-$b $b --algo auto --dtype f32 --shape 64x128 > /dev/null & done; wait; t warm
i=0; for p in "xr obase" "nar onar" "nar onar" "xr obase"; do i=$((i+1)); set -- $p
  R c-$i-$1 $1 --algo auto --dtype f32 $(SH $COLS); R cl-$i-$1 $1 --algo auto --log --dtype f32 $(SH 32 64 128 256)
  R o-$i-$2 $2 --algo auto --dtype f32 $(SH $COLS); R ol-$i-$2 $2 --algo auto --log --dtype f32 $(SH 32 64 128 256)
  t round $i
done
R h-hnar hnar --algo auto --dtype f32 $(SH $COLS); R hl-hnar hnar --algo auto --log --dtype f32 $(SH 32 64 128 256); t hip
PB() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b d=$L/pb-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout 150 $P bench/peer_bench.py --lib $B/libsmax.so --support $B/libsmax_testsupport.so \
    --commit $(cat .dev/commit) --out $d --reps 9 --warmup 2 --budget 0.6 "$@" > $d/peers.txt 2>&1
  t "pb $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
PS="--shape 524288x128 --shape 262144x256 --shape 2097152x128"
PB peers-nar nar --impl smax-auto,torch,triton --dtype f32 $PS
PB xr xr --impl smax-auto --dtype f32 $PS
PB nar nar --impl smax-auto --dtype f32 $PS
PB log-nar nar --impl smax-auto,torch --log --dtype f32 --shape 524288x128 --shape 262144x256
PB log-xr xr --impl smax-auto --log --dtype f32 --shape 524288x128 --shape 262144x256
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 14 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((560 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
NV="env OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA"
for b in onar nar hnar; do case $b in onar) E=$NV;; *) E=env;; esac
  for g in special layout shapes; do
    C $b c-narrow$b-$g $E SMAX_TEST_NARROW_REGS=1 $S/stage-$b/smax_conformance --expect-narrow-regs --variant "fwd f32->f32" --only $g; done
  C $b c-$b-fwd_f32 $E $S/stage-$b/smax_conformance --variant "fwd f32->f32"
done
SAN() { local tool=$1 tag=$2; shift 2; local B=$S/stage-nar
  LD_LIBRARY_PATH=$B timeout 120 compute-sanitizer --tool $tool --print-limit 5 $B/smax-bench --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 --algo auto "$@" > $L/san-$tag.txt 2>&1
  echo "san $tag: $(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" $L/san-$tag.txt | tr '\n' ' ') $(grep -c 'narrow kernel' $L/san-$tag.txt)"; }
SAN racecheck f32 --dtype f32 --shape 64x128 --shape 3x256 --shape 999x32 --shape 7x64
SAN synccheck f32log --dtype f32 --log --shape 64x256 --shape 3x128
SAN memcheck f32 --dtype f32 --shape 65x128 --shape 5x256 --shape 17x32 --shape 1x64
t sanitizer
wait; t conformance
for b in narrowonar narrownar narrowhnar onar nar hnar; do cat $L/c-$b-*.txt 2>/dev/null | awk -v b="$b" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5; n2++} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d runs (%d finished), %d nonzero exits\n", b, p, f, s, n, n2, bad}'; done
grep -h "FAIL" $L/c-*.txt | head -10; grep -l "^exit [^0]" $L/c-*.txt
t end
