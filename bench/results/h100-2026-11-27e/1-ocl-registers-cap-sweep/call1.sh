#!/usr/bin/env bash
# call 1 (2026-11-27, fifth session), main at 6ad3ebd: OpenCL on NVIDIA's registers per kernel (ptxas through
# -cl-nv-verbose, with and without -cl-nv-maxrregcount=40), and a column sweep of short rows (2^26 elements, auto)
# with and without that program-wide cap: bf16 forward, bf16 gradient, f32 forward.
set -u
S=/tmp; for f in .dev/stage/*.tgz; do tar xzf $f -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B="-cl-std=CL1.2 -DSMAX_OPENCL_C=1 -cl-fp32-correctly-rounded-divide-sqrt -DSMAX_CL_NVIDIA=1 -DSMAX_CL_WORD64=1 -DSMAX_CL_NV_SM=90"
timeout 150 .dev/clregs/clregs .dev/clregs/src.cl "$B -DSMAX_IN_DTYPE=2 -DSMAX_OUT_DTYPE=2" "$B -DSMAX_IN_DTYPE=2 -DSMAX_OUT_DTYPE=2 -cl-nv-maxrregcount=40" "$B -DSMAX_IN_DTYPE=0 -DSMAX_OUT_DTYPE=0" "$B -DSMAX_IN_DTYPE=1 -DSMAX_OUT_DTYPE=1" > $L/regs.txt 2>&1
echo "clregs exit $?"
awk '/^=== options/{o=$0; sub(/.*-DSMAX_IN/,"IN",o); print "--", o} /Compiling entry function/{k=$0; sub(/.*function ./,"",k); sub(/. for .*/,"",k)} /Used [0-9]+ registers/{r=$0; sub(/.*Used /,"",r); sub(/registers.*/,"",r); printf "%s:%s ", k, r} /spill/ && !/0 bytes spill stores, 0 bytes spill loads/{printf "[%s spill] ", k} END{print ""}' $L/regs.txt | sed 's/smax_//g'
t regs
N=$S/stage-ocl
sh() { for c in 32 64 100 128 256 512 1000 1024 2048 4096; do printf -- "--shape %dx%d " $((67108864 / c)) $c; done; }
R() { local tag=$1 opts=$2; shift 2
  SMAX_OPENCL_OPTIONS="$opts" LD_LIBRARY_PATH=$N timeout 150 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" $(sh) > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{pl=""; for(i=3;i<=NF && $i!="ok" && $i!="FAILED";i++) pl=pl $i "_"; printf "%s:%s%s:%s ", s, pl, $(NF-1), $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
R bf16-base "" --dtype bf16; t; R bf16-r40 "-cl-nv-maxrregcount=40" --dtype bf16; t
R bf16-base2 "" --dtype bf16; t; R bf16-r40b "-cl-nv-maxrregcount=40" --dtype bf16; t
R bf16bwd-base "" --dtype bf16 --backward; t; R bf16bwd-r40 "-cl-nv-maxrregcount=40" --dtype bf16 --backward; t
[ $SECONDS -lt 420 ] && { R f32-base "" --dtype f32; t; R f32-r40 "-cl-nv-maxrregcount=40" --dtype f32; t; }
t end
