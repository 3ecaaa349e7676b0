#!/usr/bin/env bash
# call 8 (2026-11-27, sixth session): "grid2" = next-chunk-grid with the gradient's cluster kernel compiled for 64 registers
# (SMAX_GROUPS_PER_CU(1024, 1)) against main 9d2c13b: (a) ABBA, CUDA; (b) conformance, all 18 variants: HIP on NVIDIA and
# OpenCL on NVIDIA of next-chunk-grid (their code has no cluster kernel, so grid2 changes nothing there) in both tiers,
# CUDA grid2 in the default tier.
set -u
S=/tmp; for f in .dev/stage/cuda.tgz .dev/stage/cuda-grid2.tgz .dev/stage/ocl-grid.tgz .dev/stage/hipnv-grid.tgz; do tar xzf $f -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  LD_LIBRARY_PATH=$N timeout 100 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s:%s_%s_%s %s %s; ", s, $3, $4, $5, $(NF-1), $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
i=0
for b in main grid2 grid2 main; do i=$((i+1)); C=cuda; [ $b = grid2 ] && C=cuda-grid2
  R a$i-bwd-f32-$b $C --backward --dtype f32 --shape 8192x50257 --shape 1335x50257 --shape 1335x50256 --shape 512x65535 --shape 1024x65536
  R a$i-bwd-bf16-$b $C --backward --dtype bf16 --shape 2048x50257 --shape 512x131071
  t a$i
done
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 14 ] && break; sleep 1; done; }
for b in cuda-grid2 hipnv-grid ocl-grid; do
  N=$S/stage-$b
  V=$(OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
  for tier in default large; do
    [ $b = cuda-grid2 ] && [ $tier = large ] && continue
    while IFS= read -r v; do
      throttle
      tag=c-$b-$tier-$(echo "$v" | tr -c 'a-z0-9' '_'); o=""; [ $tier = large ] && o="--only large"
      ( OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$N timeout $((440 - SECONDS)) $N/smax_conformance $o --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!)
    done <<< "$V"
  done
done
wait
for b in cuda-grid2 hipnv-grid ocl-grid; do for tier in default large; do for dir in fwd bwd; do
  ls $L/c-$b-$tier-${dir}*.txt >/dev/null 2>&1 || continue
  cat $L/c-$b-$tier-${dir}*.txt | awk -v b="$b $tier $dir" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
head -2 $L/c-ocl-grid-default-fwd_f32__f32_.txt
t end
