#!/usr/bin/env bash
# call 1 (2026-11-27, sixth session), main 9d2c13b: (a) ncu of the shapes below target (sections SpeedOfLight,
# Occupancy, LaunchStats, WarpStateStats, MemoryWorkloadAnalysis), CUDA build; (b) OpenCL-on-NVIDIA bf16 gradient
# backend table (--algo all); (c) the CUDA build's conformance, all 18 variants, default and large tiers, beside
# compute-sanitizer's four tools on the special group (five variants) and on small smax-bench shapes of every plan.
set -u
S=/tmp; for f in .dev/stage/*.tgz; do tar xzf $f -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
N=$S/stage-cuda
NC() { local tag=$1; shift
  LD_LIBRARY_PATH=$N timeout 60 ncu --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats \
    --section MemoryWorkloadAnalysis -k regex:'smax_(fused|mb|bwd)' --launch-skip 2 --launch-count 1 \
    $N/smax-bench --reps 3 --max-seconds 0.02 --no-overhead --quiet --algo auto "$@" > $L/ncu-$tag.txt 2>&1
  echo "ncu $tag: $(grep -E '^  smax_|DRAM Throughput|Memory Throughput|Achieved Occupancy|Theoretical Occupancy|Registers Per|Block Size|Grid Size|Cluster Size|Duration|Dynamic Shared|Block Limit Reg|Block Limit Shared|Warp Cycles Per Issued|Issue Slots|L2 Hit' $L/ncu-$tag.txt | awk '{$1=$1};1' | tr '\n' ';')"; }
NC fwd-bf16-6710x10000 --dtype bf16 --shape 6710x10000
NC fwd-f32-6710x10000 --dtype f32 --shape 6710x10000
NC bwd-f32-8192x50257 --backward --dtype f32 --shape 8192x50257
NC fwd-f32-8192x50257 --dtype f32 --shape 8192x50257
NC fwd-f32-256x1M --dtype f32 --shape 256x1048576
NC fwd-bf16-1024x262144 --dtype bf16 --shape 1024x262144
NC fwd-f32-1024x262144 --dtype f32 --shape 1024x262144
NC bwd-f32-1024x262144 --backward --dtype f32 --shape 1024x262144
t ncu
O=$S/stage-ocl
OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$O timeout 110 $O/smax-bench --shapes bench/shapes/backend.txt \
  --algo all --reps 3 --max-seconds 0.15 --no-overhead --quiet --csv $L/backend-ocl-bf16-bwd.csv --dtype bf16 --backward > $L/backend-ocl-bf16-bwd.txt 2>&1
echo "exit $?" >> $L/backend-ocl-bf16-bwd.txt
awk '/^[0-9]+x/{s=$1} $1=="auto"{printf "%s %s %s %s\n", s, $2, $(NF-1), $NF}' $L/backend-ocl-bf16-bwd.txt; tail -2 $L/backend-ocl-bf16-bwd.txt
t ocl-table
SB="--shape 64x1000 --shape 33x3000 --shape 16x10000 --shape 4x65535 --shape 2x200001 --shape 3x1048576 --shape 1x4194304"
for tool in memcheck racecheck initcheck synccheck; do
  ( LD_LIBRARY_PATH=$N timeout 400 compute-sanitizer --tool $tool --error-exitcode 99 $N/smax_conformance --only special \
      --variant 'fwd f32->f32+fwd bf16->bf16+fwd f16->f16+bwd y,dy:f32 dx:f32+bwd y,dy:bf16 dx:bf16' > $L/san-$tool-special.txt 2>&1; echo "exit $?" >> $L/san-$tool-special.txt ) &
  for d in f32 bf16 f16; do for dir in "" --backward; do
    ( LD_LIBRARY_PATH=$N timeout 400 compute-sanitizer --tool $tool --error-exitcode 99 $N/smax-bench --no-overhead --quiet --reps 2 --batch-ms 0 \
        --max-seconds 0.001 --rotate-mb 0 --algo auto $dir --dtype $d $SB > $L/san-$tool-$d$dir.txt 2>&1; echo "exit $?" >> $L/san-$tool-$d$dir.txt ) &
  done; done
done
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 14 ] && break; sleep 1; done; }
for tier in default large; do
  while IFS= read -r v; do
    throttle
    tag=c-$tier-$(echo "$v" | tr -c 'a-z0-9' '_'); o=""; [ $tier = large ] && o="--only large"
    ( LD_LIBRARY_PATH=$N timeout $((585 - SECONDS)) $N/smax_conformance $o --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!)
  done <<< "$V"
done
wait
for tier in default large; do for dir in fwd bwd; do
  cat $L/c-$tier-${dir}*.txt | awk -v b="cuda $tier $dir" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -h 'ERROR SUMMARY\|RACECHECK SUMMARY' $f | tail -1) | $(grep -h 'runs:\|passed,' $f | tail -1) | $(tail -1 $f)"; done
t end
