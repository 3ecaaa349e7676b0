#!/usr/bin/env bash
# H100 call 6 (2026-11-25e), main at .dev/commit: (1) A/B against x (3f64dfa, no head kept) at the re-read rows;
# (2) CUDA conformance under SMAX_TEST_REREAD=1 (every one-launch plan re-reads, half a chunk kept);
# (3) the large tier of the three builds; (4) default-tier conformance of the CUDA build's gradient variants.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs large 2>/dev/null' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "commit $(cat .dev/commit); $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for p in "cuda build-cuda" "ocl build-opencl" "hipnv build-hip-nvidia"; do
  set -- $p; mkdir -p $2/tests $2/bench; tar xJf .dev/stage/x/$1.txz -C $2
  mv $2/smax_conformance $2/libsmax_testsupport.so* $2/tests/; mv $2/smax-bench $2/bench/
done
S=/tmp/stage; mkdir -p $S/x; tar xJf .dev/stage/x/x.txz -C $S/x
mkdir -p $S/cuda; cp -a build-cuda/libsmax*.so* build-cuda/bench/smax-bench $S/cuda/
run() { # tag lib args
  local tag=$1 lib=$2; shift 2
  LD_LIBRARY_PATH=$S/$lib timeout 60 $S/$lib/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{for(i=1;i<=NF;i++) if($i=="ok") {printf "%s(%s) ", $(i+4), $(i-1); break}}')"
}
N=build-cuda
for v in 'fwd f32->f32' 'fwd f16->f16' 'bwd y,dy:f16 dx:f16' 'bwd y,dy:f32 dx:bf16' 'bwd y,dy:bf16 dx:bf16'; do
  for g in special layout; do
    tag=conf-reread-$g-$(echo "$v" | tr -c 'a-z0-9' '_')
    ( SMAX_TEST_REREAD=1 LD_LIBRARY_PATH=$N:$N/tests timeout 150 $N/tests/smax_conformance --expect-cooperative --only $g --variant "$v" > $logs/$tag.txt 2>&1; echo "exit $?" >> $logs/$tag.txt ) &
  done
done
wait
for f in $logs/conf-reread-*.txt; do echo "$(basename $f .txt): $(grep -E '^[0-9]+ passed' $f | tail -1); $(tail -1 $f)"; done
t "reread conformance done"
export SMAX_OPENCL_DEVICE=NVIDIA
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
OUT=/tmp/large timeout 400 bash bench/h100/run.sh large-only
t "large done"
for v in x cuda; do
  run ab-$v-fwd $v --dtype f32 --shape 1x8388608 --shape 1x16777216 --shape 1x33554432
  run ab-$v-bwd $v --backward --dtype f32 --shape 1x8388608 --shape 1x16777216
  run ab-$v-bwd16 $v --backward --dtype bf16 --shape 1x16777216
done
t "ab done"
[ $((SECONDS-start)) -lt 480 ] && {
for b in build-cuda; do
  for v in 'bwd y,dy:f32 dx:f32' 'bwd y,dy:f16 dx:f16' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f32' 'bwd y,dy:f32 dx:f16' 'bwd y,dy:bf16 dx:f32' 'bwd y,dy:f32 dx:bf16' 'bwd y,dy:f16 dx:bf16' 'bwd y,dy:bf16 dx:f16'; do
    tag=conf-default-${b#build-}-$(echo "$v" | tr -c 'a-z0-9' '_')
    ( LD_LIBRARY_PATH=$b:$b/tests timeout $((585 - SECONDS)) $b/tests/smax_conformance --variant "$v" > $logs/$tag.txt 2>&1; echo "exit $?" >> $logs/$tag.txt ) &
  done
done
wait
t "conformance done"
for b in cuda; do
  cat $logs/conf-default-$b-*.txt | awk -v b=$b '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "default tier, gradient variants, %s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done
}
t end
