#!/usr/bin/env bash
# call 2 (2026-11-27c): (a) call 1's synccheck report (an illegal address in the f32 gradient's 512 x 65535
# run of the edge build): synccheck of main 327b3f3 ("main") and of a186474's kernels ("cuda", 533dbf5) at
# that shape, twice each, and with SMAX_CLUSTERS=0; memcheck of "cuda" again; (b) conformance of OpenCL on
# NVIDIA ("ocl") and HIP on NVIDIA ("hipnv") at 533dbf5, all 18 variants, default and large tiers.
set -u
S=/tmp; for f in .dev/stage/*.tgz; do tar xzf $f -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
SAN() { local tag=$1 b=$2 tool=$3 envs=$4; local N=$S/stage-$b
  ( env $envs LD_LIBRARY_PATH=$N timeout 300 compute-sanitizer --tool $tool --error-exitcode 99 $N/smax-bench --no-overhead --quiet --reps 2 --batch-ms 0 --max-seconds 0.001 --rotate-mb 0 --algo auto --backward --dtype f32 --shape 512x65535 > $L/san-$tag.txt 2>&1; echo "exit $?" >> $L/san-$tag.txt ) & }
SAN sync-main-1 main synccheck ""; SAN sync-main-2 main synccheck ""
SAN sync-cuda-1 cuda synccheck ""; SAN sync-cuda-2 cuda synccheck ""
SAN sync-cuda-nocl cuda synccheck "SMAX_CLUSTERS=0"; SAN mem-cuda cuda memcheck ""
LD_LIBRARY_PATH=$S/stage-ocl $S/stage-ocl/smax-bench --no-overhead --quiet --reps 2 --max-seconds 0.01 --algo auto --dtype f32 --shape 1000x1000 2>&1 | head -3
throttle() { while [ "$(jobs -rp | wc -l)" -ge 14 ]; do sleep 1; done; }
for b in ocl hipnv; do N=$S/stage-$b
  V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
  for tier in default large; do
    while IFS= read -r v; do
      throttle
      tag=$b-$tier-$(echo "$v" | tr -c 'a-z0-9' '_'); o=""; [ $tier = large ] && o="--only large"
      ( LD_LIBRARY_PATH=$N timeout $((575 - SECONDS)) $N/smax_conformance $o --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) &
    done <<< "$V"
  done
done
wait
for b in ocl hipnv; do for tier in default large; do for dir in fwd bwd; do
  cat $L/$b-$tier-${dir}*.txt | awk -v b="$b $tier $dir" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done; done
grep -l '^exit [^0]' $L/ocl-*.txt $L/hipnv-*.txt
grep -h "FAIL" $L/ocl-*.txt $L/hipnv-*.txt | head -10
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -h 'ERROR SUMMARY' $f | tail -1) | $(grep -h 'runs:' $f) | $(tail -1 $f)"; grep -h "SMAX_ERROR\|Invalid\|illegal" $f | head -3; done
t end
