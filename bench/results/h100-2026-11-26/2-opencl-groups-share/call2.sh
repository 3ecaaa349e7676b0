#!/usr/bin/env bash
# call 2: OpenCL on NVIDIA. (A) each kernel's CL_KERNEL_WORK_GROUP_SIZE with the driver's default
# registers and with -cl-nv-maxrregcount=64/128; (B) main (ocl) and the wide register rows (oclc),
# each with default options and with -cl-nv-maxrregcount=64; (C) the one-launch chunk share (ocld,
# SMAX_DEV_COOP_SHARE_KB).
set -u
cd .dev; S=/tmp; for f in stage/*.tgz; do tar xzf $f -C $S; done; cd ..
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
bench() { local b=$1 tag=$2; shift 2; LD_LIBRARY_PATH=$S/stage-$b timeout 120 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt; }
for o in "" "-cl-nv-maxrregcount=64" "-cl-nv-maxrregcount=128"; do
  echo "== options '$o'"
  SMAX_OPENCL_OPTIONS="$o" SMAX_DEV_PRINT_WG=1 LD_LIBRARY_PATH=$S/stage-ocld $S/stage-ocld/smax-bench --quiet --no-overhead --reps 3 --shape 4x100 --algo auto 2>&1 | grep -E "^kernel" | sort -u -k2,2
done
t "A"
F32="--shape 262144x128 --shape 8192x4096 --shape 4096x8192 --shape 2730x12288 --shape 2048x16384 --shape 32x16384 --shape 32x32000 --shape 512x65536 --shape 1x16777216"
B32="--shape 8192x4096 --shape 5592x6000 --shape 4096x8192 --shape 2796x12000 --shape 2048x16384 --shape 64x16384"
B16="--shape 8192x4096 --shape 2796x12000 --shape 2048x16384 --shape 1398x24000 --shape 1024x32768"
for r in 1 2; do
  for b in ocl oclc; do
    for o in "" "-cl-nv-maxrregcount=64"; do
      tag=$b$([ -n "$o" ] && echo -r64)-r$r
      SMAX_OPENCL_OPTIONS="$o" bench $b fwd32-$tag --dtype f32 --algo auto $F32
      SMAX_OPENCL_OPTIONS="$o" bench $b bwd32-$tag --dtype f32 --backward --algo auto $B32
      SMAX_OPENCL_OPTIONS="$o" bench $b bwd16-$tag --dtype bf16 --backward --algo auto $B16
    done
  done
  t "B round $r"
  [ $SECONDS -lt 250 ] || break
done
LONG="--shape 1024x32768 --shape 512x65536 --shape 256x131072 --shape 128x262144 --shape 4096x65536"
for kb in 16 24 32 40; do
  [ $SECONDS -lt 520 ] || break
  SMAX_DEV_COOP_SHARE_KB=$kb bench ocld share$kb-f32 --dtype f32 --algo auto $LONG
  SMAX_DEV_COOP_SHARE_KB=$kb bench ocld share$kb-bwd32 --dtype f32 --backward --algo auto --shape 1024x32768 --shape 512x65536 --shape 128x262144
  SMAX_DEV_COOP_SHARE_KB=$kb bench ocld share$kb-bf16 --dtype bf16 --algo auto --shape 1024x32768 --shape 512x65536 --shape 128x262144
  t "share $kb"
done
cd $OUT && tar czf logs.tgz logs && rm -rf logs
