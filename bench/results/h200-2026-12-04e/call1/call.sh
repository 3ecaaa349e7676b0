#!/usr/bin/env bash
# call 1 (fiftieth session, H200): how many groups a compute unit of NVIDIA's OpenCL holds at once (clres probe), and
# the gradient's exchange on NVIDIA's OpenCL at the stagger a rule would give for 164 KB and 228 KB a unit, against
# none, at shapes the stop-85 sweep did not cover. % of copy, auto.
set -u
S=/tmp; for n in cu ocl; do tar xJf .dev/stage/$n.txz -C $S; done
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "c50-1; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
t probe
timeout 60 .dev/clres/clres 256 20000 16384 24576 30720 34880 35904 36928 40960 47000
timeout 60 .dev/clres/clres 64 20000 4096 8192 12288 16384
timeout 60 .dev/clres/clres 1024 20000 16384 34880 47000
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1; echo "rc=$?" >> $L/$tag.txt
  echo "== $tag: $(grep -A1 -E "^[0-9]+x[0-9]+ " $L/$tag.txt | grep -E "auto|FAIL" | awk '{print $NF}' | tr '\n' ' ')"; grep -E "FAIL|rror|rc=[1-9]" $L/$tag.txt | head -3; }
export SMAX_OPENCL_DEVICE=NVIDIA
R warm ocl --algo auto --dtype f32 --backward --shape 64x262144 > /dev/null
t "cuda (clusters there) and opencl, stagger none / rule at 164 KB / at 228 KB / 164 / none"
# shape dtype s164 s228
while read sh dt a b; do
  R cu-$dt-$sh cu --algo auto --dtype $dt --backward --shape $sh
  for s in 0 $a $b $a 0; do export SMAX_STAGGER=$s; R ocl-$dt-$sh-$s ocl --algo auto --dtype $dt --backward --shape $sh; done; unset SMAX_STAGGER
done <<'X'
8192x16384 f32 99 148
8192x32768 f32 49 74
4096x65536 f32 24 37
2048x128256 f32 12 18
4096x65536 bf16 49 74
4096x128256 bf16 24 37
256x1048576 bf16 3 4
X
grep -h -B2 -A3 "^8192x16384" $L/ocl-f32-8192x16384-0.txt | head -20
t end
