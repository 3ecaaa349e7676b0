#!/usr/bin/env bash
# call 1 (forty-fourth session, H200): x44 = main c73720f + the lagged one-launch kernels (smax_mb_lagged,
# smax_bwd_mb_lagged) planned under the experiment switch SMAX_X_LAGGED=1 (knobs SMAX_X_LAG_GROUP items,
# SMAX_X_LAG_ITEM elements an item a chunk, SMAX_X_LAG_UNIT groups a compute unit counted in the lag);
# switch off = main's plans. m44 = main c73720f (the bf16 register rows 80bcb44 mended, never run on a GPU).
set -u
S=/tmp; for s in x44 m44 ox44 hx44; do tar xJf .dev/stage/$s.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "x44 = c73720f + lagged.diff; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s %s (%s)|", s, $1, ($1=="auto"?$(NF-1):$NF), substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
R warm x44 --algo auto --dtype f32 --shape 64x128
R reg16-main m44 --algo auto --dtype bf16 --shape 2097152x128 --shape 1048576x256 --shape 524288x512 --shape 65536x4096
R reg16-x44 x44 --algo auto --dtype bf16 --shape 2097152x128 --shape 1048576x256 --shape 524288x512 --shape 65536x4096
cfg() { local tag=$1; shift
  env "$@" true; t "cfg $tag: $*"
  env "$@" bash -c "$(declare -f R); S=$S L=$L; R f32-$tag x44 --algo auto --dtype f32 --shape 256x1048576 --shape 1024x262144 --shape 32x1048576
  R b32-$tag x44 --backward --algo auto --dtype f32 --shape 256x1048576 --shape 1024x262144 --shape 32x1048576
  R f16-$tag x44 --algo auto --dtype bf16 --shape 256x1048576
  R b16-$tag x44 --backward --algo auto --dtype bf16 --shape 256x1048576"; }
cfg off A=1
cfg d SMAX_X_LAGGED=1
cfg i16 SMAX_X_LAGGED=1 SMAX_X_LAG_ITEM=16
cfg i64 SMAX_X_LAGGED=1 SMAX_X_LAG_ITEM=64
cfg u4 SMAX_X_LAGGED=1 SMAX_X_LAG_UNIT=4
cfg u16 SMAX_X_LAGGED=1 SMAX_X_LAG_UNIT=16
cfg g512 SMAX_X_LAGGED=1 SMAX_X_LAG_GROUP=512 SMAX_X_LAG_ITEM=16
cfg off2 A=1
t "clusters off"
for v in 0 1; do
  SMAX_CLUSTERS=0 SMAX_X_LAGGED=$v R nc-f32-$v x44 --algo auto --dtype f32 --shape 4096x65536 --shape 4096x128256
  SMAX_CLUSTERS=0 SMAX_X_LAGGED=$v R nc-b32-$v x44 --backward --algo auto --dtype f32 --shape 4096x65536 --shape 4096x128256
  SMAX_CLUSTERS=0 SMAX_X_LAGGED=$v R nc-f16-$v x44 --algo auto --dtype bf16 --shape 1024x262144 --shape 4096x128256
done
R cl-f32 x44 --algo auto --dtype f32 --shape 4096x65536 --shape 4096x128256
SMAX_X_LAGGED=1 R o-f32-1 ox44 --algo auto --dtype f32 --shape 256x1048576 --shape 1024x262144
R o-f32-0 ox44 --algo auto --dtype f32 --shape 256x1048576 --shape 1024x262144
SMAX_X_LAGGED=1 R o-b32-1 ox44 --backward --algo auto --dtype f32 --shape 256x1048576
R o-b32-0 ox44 --backward --algo auto --dtype f32 --shape 256x1048576
SMAX_X_LAGGED=1 R h-f32-1 hx44 --algo auto --dtype f32 --shape 256x1048576 --shape 1024x262144
R h-f32-0 hx44 --algo auto --dtype f32 --shape 256x1048576 --shape 1024x262144
SMAX_X_LAGGED=1 R h-b32-1 hx44 --backward --algo auto --dtype f32 --shape 256x1048576
R h-b32-0 hx44 --backward --algo auto --dtype f32 --shape 256x1048576
CP=(); C() { local tag=$1; shift; ( OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA SMAX_TEST_LAGGED=1 timeout 200 "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
for g in special layout; do
  LD_LIBRARY_PATH=$S/stage-x44 C c-cuda-$g $S/stage-x44/smax_conformance --expect-lagged --only $g
  LD_LIBRARY_PATH=$S/stage-ox44 C c-ocl-$g $S/stage-ox44/smax_conformance --expect-lagged --only $g
  LD_LIBRARY_PATH=$S/stage-hx44 C c-hip-$g $S/stage-hx44/smax_conformance --expect-lagged --only $g
done
t "sanitizer"
SB() { local tool=$1 tag=$2 b=$3; shift 3; LD_LIBRARY_PATH=$S/stage-$b timeout 90 compute-sanitizer --tool $tool --print-limit 5 $S/stage-$b/smax-bench --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 "$@" > $L/san-$tag.txt 2>&1
  echo "san $tag: $(grep -hE "SUMMARY" $L/san-$tag.txt) $(grep -c " ok " $L/san-$tag.txt) ok"; }
SMAX_CLUSTERS=0 SMAX_X_LAGGED=1 SB memcheck mem x44 --algo multiblock --dtype f32 --shape 7x100003 --shape 64x65536 --shape 3x300001
SMAX_CLUSTERS=0 SMAX_X_LAGGED=1 SB memcheck memb x44 --backward --algo multiblock --dtype bf16 --shape 7x100003 --shape 64x65536
SMAX_CLUSTERS=0 SMAX_X_LAGGED=1 SB racecheck race x44 --algo multiblock --dtype f32 --shape 7x100003 --shape 3x300001
SMAX_CLUSTERS=0 SMAX_X_LAGGED=1 SB synccheck sync x44 --backward --algo multiblock --dtype f32 --shape 7x100003
wait; t conformance
for f in $L/c-*.txt; do echo "$(basename $f .txt): $(grep -E '^[0-9]+ passed, [0-9]+ failed' $f | tail -1) $(tail -1 $f)"; done
grep -h "FAIL" $L/c-*.txt | head -10
t end
