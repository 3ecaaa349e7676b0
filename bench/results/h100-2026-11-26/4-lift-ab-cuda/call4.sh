#!/usr/bin/env bash
# call 4 (H100): the lifted exponential in the one-launch chunk kernels (cuda2, ocl2, hipnv2 = 1f9db36 +
# lift) against 37bae6a's CUDA (cuda) and 1f9db36's OpenCL (ocl), two rounds; then default-tier
# conformance of cuda2, hipnv2 (if staged) and ocl2.
set -u
cd .dev; S=/tmp; for f in stage/*.tgz; do tar xzf $f -C $S; done; cd ..
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
bench() { local b=$1 tag=$2; shift 2; LD_LIBRARY_PATH=$S/stage-$b timeout 100 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt; }
OCLS="--shape 16384x16384 --shape 4096x65536 --shape 1024x262144 --shape 4096x128256 --shape 32x32000"
CUS="--shape 1024x262144 --shape 4096x128256 --shape 256x1048576 --shape 512x65536 --shape 32x32000 --shape 8192x50257"
for r in 1 2; do
  for b in ocl ocl2; do
    bench $b ocl-bf16-$b-r$r --dtype bf16 $OCLS
    bench $b ocl-f16-$b-r$r --dtype f16 --shape 4096x65536 --shape 1024x262144
    bench $b ocl-f32bf16-$b-r$r --dtype f32,bf16 --shape 4096x65536 --shape 1024x262144
  done
  for b in cuda cuda2; do
    bench $b cu-bf16-$b-r$r --dtype bf16 $CUS
    bench $b cu-f16-$b-r$r --dtype f16 --shape 1024x262144 --shape 256x1048576
    bench $b cu-f32-$b-r$r --dtype f32 --shape 1024x262144 --shape 256x1048576
  done
  t "round $r"
done
left=$((585 - SECONDS)); t "conformance with ${left} s"
V=$(LD_LIBRARY_PATH=$S/stage-cuda2 $S/stage-cuda2/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
B="cuda2 ocl2"; [ -d $S/stage-hipnv2 ] && B="$B hipnv2"
while IFS= read -r v; do
  for b in $B; do
    tag=conf-$b-$(echo "$v" | tr -c 'a-z0-9' '_')
    ( LD_LIBRARY_PATH=$S/stage-$b timeout $left $S/stage-$b/smax_conformance --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) &
  done
done <<< "$V"
wait
t "conformance"
for b in $B; do
  cat $L/conf-$b-*.txt | awk -v b=$b '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done
grep -l '^exit [^0]' $L/conf-*.txt
grep -h "FAIL" $L/conf-*.txt | head -20
cd $OUT && tar czf logs.tgz logs && rm -rf logs
