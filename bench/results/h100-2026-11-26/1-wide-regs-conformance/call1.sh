#!/usr/bin/env bash
# call 1: OpenCL on NVIDIA, wide register rows (oclc, 3b4e453) vs main (ocl, 37bae6a), two rounds;
# the one-launch share on OpenCL (ocld: dev switch SMAX_DEV_COOP_G); then default-tier conformance
# of CUDA (main), HIP on NVIDIA (main) and OpenCL (oclc), side by side.
set -u
cd .dev; S=/tmp; for f in stage/*.tgz; do tar xzf $f -C $S; done; cd ..
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
bench() { local b=$1 tag=$2; shift 2; LD_LIBRARY_PATH=$S/stage-$b timeout 120 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt; }
F32="--shape 4096x8192 --shape 2730x12288 --shape 2581x13000 --shape 2048x16384 --shape 32x16384"
B32="--shape 8192x4096 --shape 5592x6000 --shape 4096x8192 --shape 2796x12000 --shape 2048x16384 --shape 64x16384"
B16="--shape 2796x12000 --shape 2048x16384 --shape 1398x24000 --shape 1024x32768"
for r in 1 2; do
  for b in ocl oclc; do
    bench $b fwd32-$b-r$r --dtype f32 --algo auto,online $F32
    bench $b bwd32-$b-r$r --dtype f32 --backward --algo auto,online $B32
    bench $b bwd16-$b-r$r --dtype bf16 --backward --algo auto,online $B16
  done
  t "round $r"
done
LONG="--shape 1024x32768 --shape 512x65536 --shape 256x131072 --shape 128x262144"
for g in 6 2 1; do
  [ $SECONDS -lt 330 ] || break
  SMAX_DEV_COOP_G=$g bench ocld coop-g$g --dtype f32 --algo auto,multiblock $LONG
  SMAX_DEV_COOP_G=$g bench ocld coopb-g$g --dtype f32 --backward --algo auto,multiblock --shape 512x65536 --shape 128x262144
done
t "coop"
for g in 256 1024; do
  [ $SECONDS -lt 330 ] || break
  SMAX_DEV_ONLINE_G=$g bench ocld online-g$g --dtype f32 --algo online --shape 2048x16384 $LONG
  SMAX_DEV_ONLINE_G=$g bench ocld onlineb-g$g --dtype f32 --backward --algo online --shape 2048x16384 --shape 1024x32768 --shape 512x65536
done
t "online groups"
V=$(LD_LIBRARY_PATH=$S/stage-cuda $S/stage-cuda/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
left=$((585 - SECONDS)); t "conformance with ${left} s"
while IFS= read -r v; do
  for b in cuda hipnv oclc; do
    tag=conf-$b-$(echo "$v" | tr -c 'a-z0-9' '_')
    ( LD_LIBRARY_PATH=$S/stage-$b timeout $left $S/stage-$b/smax_conformance --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) &
  done
done <<< "$V"
wait
t "conformance"
for b in cuda hipnv oclc; do
  cat $L/conf-$b-*.txt | awk -v b=$b '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done
grep -l '^exit [^0]' $L/conf-*.txt
grep -h "fused limits" $L/conf-oclc-fwd_f32*.txt | head -2
grep -h "FAIL" $L/conf-*.txt | head -20
cd $OUT && tar czf logs.tgz logs && rm -rf logs
