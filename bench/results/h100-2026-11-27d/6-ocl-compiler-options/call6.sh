#!/usr/bin/env bash
# call 6 (2026-11-27, fourth session): what holds OpenCL on NVIDIA's bf16 2097152 x 128 (87% of copy; HIP and CUDA
# run the same kernel at 99-100): NVIDIA's OpenCL compiler options through SMAX_OPENCL_OPTIONS (register caps,
# -cl-mad-enable), auto, d511068.
set -u
S=/tmp; for f in .dev/stage/*.tgz; do tar xzf $f -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
N=$S/stage-ocl
R() { local tag=$1 opts=$2; shift 2
  SMAX_OPENCL_OPTIONS="$opts" LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  awk -v t="$tag" '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s %s %s\n", t, s, $2, $3" "$4" "$5" "$6, $(NF-1)} /FAILED verification/ && $5!=0 {print t, "FAILED", $0} /ERROR|error/{print t, $0}' $L/$tag.txt; }
SH="--shape 2097152x128 --shape 65536x4096 --shape 1024x262144"
i=0
for o in "" "-cl-nv-maxrregcount=32" "-cl-nv-maxrregcount=40" "-cl-nv-maxrregcount=48" "-cl-nv-maxrregcount=64" "-cl-mad-enable" ""; do i=$((i+1))
  R v$i-bf16 "$o" --dtype bf16 $SH; echo "  ^ options '$o'"
  [ $SECONDS -gt 200 ] && break
done
R v9-f32 "" --dtype f32 --shape 2097152x128
R v9-f32-r32 "-cl-nv-maxrregcount=32" --dtype f32 --shape 2097152x128
t end
