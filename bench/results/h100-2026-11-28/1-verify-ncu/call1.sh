#!/usr/bin/env bash
# call 1 (2026-11-28, ninth session), main fafb6f3: (a) conformance of CUDA ("cur"), HIP on NVIDIA and OpenCL on NVIDIA, all 18
# variants, default and large tiers; compute-sanitizer's four tools on the CUDA build; (b) ncu of the one-launch kernels
# below target: bf16 and f32 forward clusters at 1024 x 262144, the device-memory exchange forward at 256 x 1M (bf16, f32),
# the f32 gradient at 256 x 1M, 32 x 32000 (f32, bf16).
set -u
S=/tmp; for f in .dev/stage/*.txz; do tar xJf $f -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; compute-sanitizer --version | tail -1
N=$S/stage-cur
SB="--shape 64x1000 --shape 33x3000 --shape 300x10000 --shape 4x65535 --shape 2x200001 --shape 3x1048576 --shape 1x4194304 --shape 16x8192"
for tool in memcheck racecheck initcheck synccheck; do
  ( LD_LIBRARY_PATH=$N timeout 400 compute-sanitizer --tool $tool --error-exitcode 99 $N/smax_conformance --only special \
      --variant 'fwd f32->f32+fwd bf16->bf16+fwd f16->f16+bwd y,dy:f32 dx:f32+bwd y,dy:bf16 dx:bf16' > $L/san-$tool-special.txt 2>&1; echo "exit $?" >> $L/san-$tool-special.txt ) &
  for d in f32 bf16 f16; do for dir in "" --backward; do
    ( LD_LIBRARY_PATH=$N timeout 400 compute-sanitizer --tool $tool --error-exitcode 99 $N/smax-bench --no-overhead --quiet --reps 2 --batch-ms 0 \
        --max-seconds 0.001 --rotate-mb 0 --algo auto $dir --dtype $d $SB > $L/san-$tool-$d$dir.txt 2>&1; echo "exit $?" >> $L/san-$tool-$d$dir.txt ) &
  done; done
done
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 14 ] && break; sleep 1; done; }
for b in cur hipnv ocl; do
  N=$S/stage-$b
  V=$(OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
  for tier in default large; do
    while IFS= read -r v; do
      throttle
      tag=c-$b-$tier-$(echo "$v" | tr -c 'a-z0-9' '_'); o=""; [ $tier = large ] && o="--only large"
      ( OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$N timeout $((440 - SECONDS)) $N/smax_conformance $o --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!)
    done <<< "$V"
  done
  t "queued $b"
done
wait
for b in cur hipnv ocl; do for tier in default large; do for dir in fwd bwd; do
  cat $L/c-$b-$tier-${dir}*.txt | awk -v b="$b $tier $dir" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
head -3 $L/c-ocl-default-fwd_f32__f32_.txt; head -3 $L/c-hipnv-default-fwd_f32__f32_.txt
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -h 'ERROR SUMMARY\|RACECHECK SUMMARY' $f | tail -1) | $(grep -h 'runs:\|passed,' $f | tail -1) | $(tail -1 $f)"; done
t verified
N=$S/stage-cur
SEC="--section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats --section InstructionStats"
P() { local tag=$1 k=$2 c=$3; shift 3
  timeout 100 ncu $SEC -k regex:$k --launch-skip 2 --launch-count $c env LD_LIBRARY_PATH=$N \
    $N/smax-bench --reps 3 --max-seconds 0.02 --no-overhead --quiet --algo auto "$@" > $L/ncu-$tag.txt 2>&1
  t "ncu $tag: $(grep -E '^  smax|Duration|DRAM Throughput|Achieved Occupancy|Registers Per|Block Size|Grid Size|Cluster Size|Issued Warp Per|No Eligible|Compute \(SM\) Th|Executed Instructions  ' $L/ncu-$tag.txt | tr -s ' ' | tr '\n' '|')"; }
P cl-bf16 smax_mb_cluster 1 --dtype bf16 --shape 1024x262144
P cl-f32 smax_mb_cluster 1 --dtype f32 --shape 1024x262144
P on-bf16 smax_mb_onchip 1 --dtype bf16 --shape 256x1048576
P on-f32 smax_mb_onchip 1 --dtype f32 --shape 256x1048576
P sm-f32 'smax_' 1 --dtype f32 --shape 32x32000
P sm-bf16 'smax_' 1 --dtype bf16 --shape 32x32000
t end
