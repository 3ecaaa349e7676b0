#!/usr/bin/env bash
# call 2 (thirty-ninth session): the deep register kernel (smax_fused_regs_deep) as committed on branch deep-regs.
# ocm/cum = main cabcd5b (NVIDIA's OpenCL / CUDA sm_90); ocd/cud = deep-regs; hipd = deep-regs, HIP on NVIDIA (sm_90).
#  1. A B B A, ocm/ocd and cum/cud: f32 forward 3500-4097 columns at 2^25 elements, log-softmax, 65536 x 4096.
#  2. Conformance: default tier of fwd f32->f32, f32->bf16; SMAX_TEST_DEEP_REGS=1 --expect-deep-regs fwd f32->f32
#     special, layout, shapes: NVIDIA's OpenCL (ocd), CUDA (cud), HIP on NVIDIA (hipd).
#  3. compute-sanitizer (cud): racecheck, synccheck, memcheck of the deep kernel.
set -u
S=/tmp; for b in ocm ocd cum cud hipd; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "ocm cum = cabcd5b; ocd cud hipd = $(cat .dev/commit); $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
for b in ocm ocd cum cud; do R warm-$b $b --algo auto --dtype f32 --shape 64x4096 > /dev/null & done; wait; t warm
i=0; for p in "ocm cum" "ocd cud" "ocd cud" "ocm cum"; do i=$((i+1)); set -- $p
  R o-$i-$1 $1 --algo auto --dtype f32 $(SH 3500 3584 3700 3840 4000 4095 4096 4097) --shape 65536x4096
  R ol-$i-$1 $1 --algo auto --log --dtype f32 $(SH 3584 4096)
  R c-$i-$2 $2 --algo auto --dtype f32 $(SH 3500 3584 3700 3840 4000 4095 4096 4097) --shape 65536x4096
  R cl-$i-$2 $2 --algo auto --log --dtype f32 $(SH 3584 4096)
  t round $i
done
R h-1-hipd hipd --algo auto --dtype f32 $(SH 3584 4096) --shape 65536x4096; t hip bench
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 14 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((560 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
NV="env OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA"
for b in ocd cud hipd; do case $b in ocd) E=$NV;; *) E=env;; esac
  for g in special layout shapes; do
    C $b c-deep$b-$g $E SMAX_TEST_DEEP_REGS=1 $S/stage-$b/smax_conformance --expect-deep-regs --variant "fwd f32->f32" --only $g; done
  for v in 'fwd f32->f32' 'fwd f32->bf16'; do n=$(echo "$v" | tr -c 'a-z0-9' '_')
    C $b c-$b-$n $E $S/stage-$b/smax_conformance --variant "$v"; done
done
SAN() { local tool=$1 tag=$2; shift 2; local B=$S/stage-cud
  SMAX_TEST_DEEP_REGS=1 LD_LIBRARY_PATH=$B timeout 120 compute-sanitizer --tool $tool --print-limit 5 $B/smax-bench --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 --algo auto "$@" > $L/san-$tag.txt 2>&1
  echo "san $tag: $(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" $L/san-$tag.txt | tr '\n' ' ') $(grep -m1 -o 'registers (the deep kernel)' $L/san-$tag.txt)"; }
SAN racecheck f32 --dtype f32 --shape 64x4000 --shape 3x3999 --shape 9x100
SAN synccheck f32log --dtype f32 --log --shape 64x4096 --shape 3x3001
SAN memcheck f32 --dtype f32 --shape 64x3585 --shape 5x4095 --shape 17x33
t sanitizer
wait; t conformance
for b in deepocd deepcud deephipd ocd cud hipd; do cat $L/c-$b-*.txt 2>/dev/null | awk -v b="$b" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5; n2++} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d runs (%d finished), %d nonzero exits\n", b, p, f, s, n, n2, bad}'; done
grep -h "FAIL" $L/c-*.txt | head -10; grep -l "^exit [^0]" $L/c-*.txt
t end
