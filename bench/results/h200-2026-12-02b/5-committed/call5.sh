#!/usr/bin/env bash
# call 5 (fortieth session, H200): the committed narrow register kernel (2f6946a): n5 (CUDA), o5 (NVIDIA's OpenCL, which
# reports narrow_reg_lanes 4: only rows of 32 columns). A B B A obase (main cfb9bbc's OpenCL) / o5 at 32-256 columns;
# n5 once at the same shapes; peer_bench at every PRODUCT shape (bench/shapes/peer.txt), f32 forward, smax auto (n5) vs
# torch vs Triton; conformance of the committed OpenCL under the test switch (fwd f32->f32 special).
set -u
S=/tmp; for b in obase o5 n5; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "obase = cfb9bbc; o5 n5 = $(cat .dev/commit); $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
P=/opt/torch/.venv/bin/python3
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
for b in obase o5; do R warm-$b $b --algo auto --dtype f32 --shape 64x128 > /dev/null & done; wait; t warm
i=0; for b in obase o5 o5 obase; do i=$((i+1)); R o-$i-$b $b --algo auto --dtype f32 $(SH 32 64 128 256); R ol-$i-$b $b --algo auto --log --dtype f32 $(SH 32 128 256); done; t abba
R c-n5 n5 --algo auto --dtype f32 $(SH 32 64 128 256); R cl-n5 n5 --algo auto --log --dtype f32 $(SH 32 128 256)
B=$S/stage-n5; d=$L/peers-f32; mkdir -p $d
PYTHONUNBUFFERED=1 timeout 200 $P bench/peer_bench.py --lib $B/libsmax.so --support $B/libsmax_testsupport.so \
    --commit $(cat .dev/commit) --out $d --impl smax-auto,torch,triton --dtype f32 > $d/peers.txt 2>&1
t "peers f32: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo
M=$S/stage-o5
OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA SMAX_TEST_NARROW_REGS=1 LD_LIBRARY_PATH=$M timeout 200 $M/smax_conformance --expect-narrow-regs --variant "fwd f32->f32" --only special > $L/c-narrow-o5.txt 2>&1; echo "exit $?" >> $L/c-narrow-o5.txt
echo "o5 narrow special: $(grep -E '^[0-9]+ passed' $L/c-narrow-o5.txt) $(tail -1 $L/c-narrow-o5.txt)"
t end
