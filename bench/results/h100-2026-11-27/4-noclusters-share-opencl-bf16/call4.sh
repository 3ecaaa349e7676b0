#!/usr/bin/env bash
# call 4 (2026-11-27): why HIP on NVIDIA's one-launch rows (device-memory exchange) run at 73% where
# OpenCL on NVIDIA's run at 90-96: the same rows on CUDA with SMAX_CLUSTERS=0, with the async keep
# compiled out (cudana: -DSMAX_NO_ASYNC_KEEP), and 32 KB chunks (SMAX_DEV_COOP_BYTES) against the
# 1/6 share (38 KB); HIP on NVIDIA both ways; OpenCL on NVIDIA. One round, auto.
set -u
S=/tmp; for f in .dev/stage/*.tgz; do tar xzf $f -C $S; done
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B() { local b=$1 tag=$2; shift 2; LD_LIBRARY_PATH=$S/stage-$b SMAX_OPENCL_DEVICE=NVIDIA timeout 60 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt; }
F="--dtype f32 --shape 1024x65536 --shape 256x262144 --shape 512x128256"
H="--dtype bf16 --shape 1024x65536 --shape 256x262144"
G="--backward --dtype f32 --shape 1024x65536 --shape 256x262144"
run() { local b=$1 tag=$2; B $b $tag-f32 $F; B $b $tag-bf16 $H; B $b $tag-grad $G; t "$tag"; }
SMAX_CLUSTERS=0 run cuda cuda-noclusters
SMAX_CLUSTERS=0 SMAX_DEV_COOP_BYTES=32768 run cuda cuda-noclusters-32k
SMAX_CLUSTERS=0 run cudana cudana-noclusters
SMAX_CLUSTERS=0 SMAX_DEV_COOP_BYTES=32768 run cudana cudana-noclusters-32k
run hipnv hipnv
SMAX_DEV_COOP_BYTES=32768 run hipnv hipnv-32k
run ocl ocl-ptx
SMAX_DEV_NO_NV_SM=1 run ocl ocl
run cuda cuda
SMAX_DEV_NO_NV_SM=1 B ocl ocl-noptx-mix-f32bf16 --dtype f32,bf16 --shape 1024x65536 --shape 256x262144
for b in ocl cuda; do
  B $b $b-mix-bf16f32 --dtype bf16,f32 --shape 1024x65536 --shape 256x262144
  B $b $b-mix-f32bf16 --dtype f32,bf16 --shape 1024x65536 --shape 256x262144
done
t mixed
for f in $L/*.txt; do printf "%-28s " $(basename $f .txt); awk '/^[0-9]+x/{s=$1} $1=="auto"{printf "%s %s %s %s | ", s, $3, $4, $NF} /FAIL/{printf "!! FAIL "}' $f; echo; done
left=$((570 - SECONDS)); t "conformance of the bf16-output variants, OpenCL with the PTX rounding, $left s"
V=$(LD_LIBRARY_PATH=$S/stage-ocl $S/stage-ocl/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep -E -- "->bf16|dx:bf16")
while IFS= read -r v; do
  tag=conf-$(echo "$v" | tr -c 'a-z0-9' '_')
  ( LD_LIBRARY_PATH=$S/stage-ocl SMAX_OPENCL_DEVICE=NVIDIA timeout $left $S/stage-ocl/smax_conformance --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) &
done <<< "$V"
wait
cat $L/conf-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "ocl-ptx bf16 outputs: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
grep -h "FAIL" $L/conf-*.txt | head -5
cd .dev/probe && gcc -O1 ptxdump.c smax_opencl_source.c -lOpenCL -o /tmp/ptxdump > $L/ptxdump-build.txt 2>&1
/tmp/ptxdump "-DSMAX_IN_DTYPE=2 -DSMAX_OUT_DTYPE=2 -DSMAX_CL_NV_SM=90" $L/bf16-ptx.ptx > $L/ptxdump.txt 2>&1
/tmp/ptxdump "-DSMAX_IN_DTYPE=2 -DSMAX_OUT_DTYPE=2" $L/bf16-noptx.ptx >> $L/ptxdump.txt 2>&1
cat $L/ptxdump.txt; grep -c "cvt.rn.bf16x2" $L/bf16-ptx.ptx $L/bf16-noptx.ptx
gzip $L/*.ptx; cd - > /dev/null
t end
