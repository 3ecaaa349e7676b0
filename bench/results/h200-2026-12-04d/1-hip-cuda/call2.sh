#!/usr/bin/env bash
# call 2 (forty-ninth session, H200): where HIP on NVIDIA (hn) runs behind CUDA built without bulk copies (nb), the same
# kernel source: ncu --clock-control none (the clocks the benchmark runs at) of the device-memory exchange at the shapes
# call 1 showed apart: gradient f32 256 x 1M (hn 59.8 vs nb 67.5), gradient bf16 512 x 393216 (70.5 vs 79.2), forward
# f32 256 x 1M (75.5 vs 79.1) and gradient f32 1024 x 262144 (83.0 vs 80.0, hn ahead).
set -u
S=/tmp; for n in nb hn; do tar xJf .dev/stage/$n.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "c49-2; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
for c in "bwdf32:--dtype f32 --backward --shape 256x1048576" "bwdbf16:--dtype bf16 --backward --shape 512x393216" \
         "fwdf32:--dtype f32 --shape 256x1048576" "bwdf32s:--dtype f32 --backward --shape 1024x262144"; do
  tag=${c%%:*}; a=${c#*:}
  for v in nb hn; do
    t "ncu $tag $v"; B=$S/stage-$v
    LD_LIBRARY_PATH=$B timeout 120 ncu --clock-control none --section SpeedOfLight --section LaunchStats --section Occupancy \
      --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis --section ComputeWorkloadAnalysis \
      -k regex:mb_onchip --launch-skip 2 --launch-count 1 -o $OUT/rep-$tag-$v \
      $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.001 --rotate-mb 0 --algo auto $a > $L/ncu-$tag-$v.txt 2>&1; echo "rc=$?"
    ncu -i $OUT/rep-$tag-$v.ncu-rep --page details --csv > $OUT/details-$tag-$v.csv 2>&1
  done
done
t "nsys-free launch timing: 20 back-to-back launches, median, per shape"
for v in nb hn; do B=$S/stage-$v
  LD_LIBRARY_PATH=$B timeout 100 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --dtype f32 --backward --shape 256x1048576 --shape 1024x262144 > $L/t-$v.txt 2>&1
  grep -A1 -E "^[0-9]+x[0-9]+ " $L/t-$v.txt | grep auto
done
t end
