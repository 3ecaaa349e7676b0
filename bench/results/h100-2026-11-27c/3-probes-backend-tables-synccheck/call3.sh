#!/usr/bin/env bash
# call 3 (2026-11-27c), builds of 533dbf5: (a) probes: every forced algorithm at rows the plan may get wrong
# (bf16 fused rows of 10000-50257 columns; 50257-column rows as clusters against the device-memory exchange,
# SMAX_CLUSTERS=0); (b) smax-bench backend tables (--algo all, bench/shapes/backend.txt) of HIP on NVIDIA
# and OpenCL on NVIDIA (f32, bf16 forward, f32 gradient) and CUDA (f32 forward and gradient);
# (c) synccheck at other 16-group cluster launches (call 2: the f32 gradient's 512 x 65535 hit an illegal
# address under synccheck alone, in 327b3f3 as in 533dbf5; memcheck clean).
set -u
S=/tmp; for f in .dev/stage/*.tgz; do tar xzf $f -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
P() { local tag=$1 b=$2 envs=$3; shift 3; local N=$S/stage-$b
  env $envs LD_LIBRARY_PATH=$N timeout 120 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  awk -v t="$tag" '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"||$1=="fused"||$1=="online"||$1=="multiblock"{printf "%s %s %s %s %s %s\n", t, s, $1, $3" "$4" "$5, $(NF-1), $NF} /FAILED verification/ && $5!=0 {print t, "FAILED", $0}' $L/$tag.txt; }
P p-fwd-bf16 cuda "" --algo all --dtype bf16 --shape 6710x10000 --shape 2048x50257 --shape 4096x20000
P p-fwd-f32 cuda "" --algo all --dtype f32 --shape 2048x50257
P p-bwd-f32-cl cuda "" --algo auto --backward --dtype f32 --shape 2048x50257 --shape 1024x262144
P p-bwd-f32-x cuda "SMAX_CLUSTERS=0" --algo auto --backward --dtype f32 --shape 2048x50257
P p-bwd-bf16-cl cuda "" --algo auto --backward --dtype bf16 --shape 2048x50257
P p-bwd-bf16-x cuda "SMAX_CLUSTERS=0" --algo auto --backward --dtype bf16 --shape 2048x50257
P p-bwd-f32-cl2 cuda "" --algo auto --backward --dtype f32 --shape 2048x50257
t probes
T() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  env LD_LIBRARY_PATH=$N SMAX_OPENCL_DEVICE=NVIDIA timeout 100 $N/smax-bench --shapes bench/shapes/backend.txt --algo all --reps 3 --max-seconds 0.15 --no-overhead --quiet --csv $L/backend-$tag.csv "$@" > $L/backend-$tag.txt 2>&1
  echo "exit $?" >> $L/backend-$tag.txt
  t "backend $tag: $(tail -2 $L/backend-$tag.txt | tr '\n' ' ')"; }
T hipnv-f32 hipnv --dtype f32; T ocl-f32 ocl --dtype f32
T hipnv-bf16 hipnv --dtype bf16; T ocl-bf16 ocl --dtype bf16
T hipnv-f32-bwd hipnv --dtype f32 --backward; T ocl-f32-bwd ocl --dtype f32 --backward
[ $SECONDS -lt 400 ] && T cuda-f32 cuda --dtype f32
[ $SECONDS -lt 450 ] && T cuda-f32-bwd cuda --dtype f32 --backward
N=$S/stage-cuda
SAN() { local tag=$1; shift; ( LD_LIBRARY_PATH=$N timeout $((585 - SECONDS)) compute-sanitizer --tool synccheck --error-exitcode 99 $N/smax-bench --no-overhead --quiet --reps 2 --batch-ms 0 --max-seconds 0.001 --rotate-mb 0 --algo auto "$@" > $L/san-$tag.txt 2>&1; echo "exit $?" >> $L/san-$tag.txt ) & }
SAN bwd-f32-512x65536 --backward --dtype f32 --shape 512x65536
SAN bwd-f32-64x65535 --backward --dtype f32 --shape 64x65535
SAN bwd-f32-200x65535 --backward --dtype f32 --shape 200x65535
SAN fwd-f32-256x262144 --dtype f32 --shape 256x262144
SAN fwd-f32-512x131072 --dtype f32 --shape 512x131072
SAN bwd-bf16-512x131071 --backward --dtype bf16 --shape 512x131071
SAN bwd-f32-512x32768 --backward --dtype f32 --shape 512x32768
wait
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -h 'ERROR SUMMARY' $f | tail -1) | $(grep -h 'runs:' $f) | $(tail -1 $f) | $(grep -h ' auto ' $f | awk '{print $3, $4, $5}' | tr '\n' ' ')"; done
for f in $L/backend-*.txt; do echo "== $(basename $f .txt)"; awk '/^[0-9]+x/{s=$1} $1=="auto"{printf "%s %s %s %s %s\n", s, $2, $3" "$4" "$5, $(NF-1), $NF}' $f; done
t end
