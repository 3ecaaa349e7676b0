#!/usr/bin/env bash
# call 5 (H100): OpenCL A/B of the lifted one-launch chunks (ocl = 1f9db36, ocl2 = + lift), ABBA;
# default-tier conformance of cuda2, ocl2, hipnv2; compute-sanitizer of cuda2's 16-bit one-launch rows.
set -u
cd .dev; S=/tmp; for f in stage/*.tgz; do tar xzf $f -C $S; done; cd ..
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
bench() { local b=$1 tag=$2; shift 2; LD_LIBRARY_PATH=$S/stage-$b timeout 40 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt; }
X="--shape 4096x16384 --shape 1024x65536 --shape 256x262144 --shape 512x128256 --shape 32x32000"
i=0
for b in ocl ocl2 ocl2 ocl; do
  i=$((i+1))
  bench $b ab-bf16-$i-$b --dtype bf16 $X
  bench $b ab-f16-$i-$b --dtype f16 --shape 1024x65536 --shape 256x262144
done
t "A/B"
left=$((330 - SECONDS)); t "conformance with ${left} s"
V=$(LD_LIBRARY_PATH=$S/stage-cuda2 $S/stage-cuda2/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
for b in cuda2 ocl2 hipnv2; do
  while IFS= read -r v; do
    tag=conf-$b-$(echo "$v" | tr -c 'a-z0-9' '_')
    ( LD_LIBRARY_PATH=$S/stage-$b timeout $left $S/stage-$b/smax_conformance --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) &
  done <<< "$V"
done
wait
t "conformance"
for b in cuda2 ocl2 hipnv2; do
  cat $L/conf-$b-*.txt | awk -v b=$b '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done
grep -l '^exit [^0]' $L/conf-*.txt
grep -h "FAIL" $L/conf-*.txt | head -10
left=$((560 - SECONDS)); t "sanitizers with ${left} s"
N=$S/stage-cuda2
san() { # tool variant group tag clusters
  ( SMAX_CLUSTERS=$5 LD_LIBRARY_PATH=$N timeout $left compute-sanitizer --tool $1 --error-exitcode 99 \
    $N/smax_conformance --only $3 --variant "$2" > $L/san-$4.txt 2>&1; echo "exit $?" >> $L/san-$4.txt ) &
}
san memcheck 'fwd bf16->bf16' shapes memcheck-bf16 1
san racecheck 'fwd bf16->bf16' shapes racecheck-bf16 1
san racecheck 'fwd f16->f16' shapes racecheck-f16-noclusters 0
san synccheck 'fwd bf16->bf16' shapes synccheck-bf16 1
san initcheck 'fwd f32->bf16' special initcheck-f32bf16 1
san memcheck 'fwd f16->f16' special memcheck-f16-noclusters 0
wait
for f in $L/san-*.txt; do
  t "$(basename $f .txt): $(tail -1 $f): $(grep -E 'SUMMARY' $f | tail -1) $(grep -E '^[0-9]+ passed' $f | tail -1)"
done
t end
