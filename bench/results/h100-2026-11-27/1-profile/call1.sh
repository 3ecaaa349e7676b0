#!/usr/bin/env bash
# call 1 (2026-11-27): where the remaining CUDA shapes lose. smax-bench plans, and ncu sections of
# the f32 gradient's 16-group clusters (1024 x 262144), the bf16 forward's (256 x 1M), 32 x 32000 and its copy.
set -u
S=/tmp; for f in .dev/stage/*.tgz; do tar xzf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
N=$S/stage-cuda
B() { local tag=$1; shift; LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt; }
B bwd32 --algo all --backward --dtype f32 --shape 1024x262144 --shape 2048x131072 --shape 512x262144 --shape 8192x50257 --shape 32x32000
B fwd16 --algo all --dtype bf16 --shape 256x1048576 --shape 512x524288 --shape 32x32000 --shape 1024x262144
B fwd32 --algo all --dtype f32 --shape 32x32000 --shape 64x32000 --shape 1x16777216 --shape 256x1048576
SMAX_CLUSTERS=0 B fwd-nocl --algo auto --dtype f32 --shape 32x32000 --dtype bf16
t bench
grep -hE "^[0-9]+x|^ +(auto|copy|fused|online|multiblock) " $L/bwd32.txt $L/fwd16.txt $L/fwd32.txt | cut -c1-130
SEC="--section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats"
nc() { local tag=$1 k=$2; shift 2
  timeout 120 ncu $SEC -k regex:$k --launch-skip 2 --launch-count 1 env LD_LIBRARY_PATH=$N \
    $N/smax-bench --reps 2 --max-seconds 0.02 --no-overhead --quiet "$@" > $L/ncu-$tag.txt 2>&1
  t "ncu $tag: $(grep -E 'Duration|DRAM Throughput|Achieved Occupancy|Registers Per|Block Size|Grid Size|Cluster Size|Issued Warp Per' $L/ncu-$tag.txt | tr -s ' ' | tr '\n' '|')"
}
nc bwd32-262144 smax_bwd_mb_cluster --algo auto --backward --dtype f32 --shape 1024x262144
nc bwd32-131072 smax_bwd_mb_cluster --algo auto --backward --dtype f32 --shape 2048x131072
nc fwd16-1M smax_mb_cluster --algo auto --dtype bf16 --shape 256x1048576
nc fwd32-32k smax --algo auto --dtype f32 --shape 32x32000
nc copy-32k copy --algo auto --dtype f32 --shape 32x32000
nc fwd16-32k smax --algo auto --dtype bf16 --shape 32x32000
t "nsys"
LD_LIBRARY_PATH=$N timeout 60 nsys profile -o /tmp/n32 --stats=false $N/smax-bench --reps 3 --max-seconds 0.02 --no-overhead --quiet --algo auto --dtype f32 --shape 32x32000 > $L/nsys.log 2>&1
timeout 60 nsys stats -r cuda_gpu_trace -f csv /tmp/n32.nsys-rep > $L/nsys-trace.csv 2>&1
head -c 300 $L/nsys-trace.csv; echo
t end
