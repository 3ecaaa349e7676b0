#!/usr/bin/env bash
# call 3 (fifty-second session, H200): the committed form of call 2's hx. hp = HIP on NVIDIA at main's kernels built by
# cmake/hip_nvidia.cmake with CUDA 13.0's ptxas + fatbinary (nvcc 11.8 -noprof); hm = main, nvcc 11.8 throughout.
# One round hm, hp over the peer table's shapes (f32/bf16, forward/gradient), then hp's conformance, default tier.
set -u
S=/tmp; for n in hm hp; do tar xJf .dev/stage/$n.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
echo "c52-3; $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
t0=$SECONDS
SH="--shape 2097152x128 --shape 32768x8192 --shape 8192x32768 --shape 1024x262144 --shape 4096x128256 --shape 32x32000"
for d in f32 bf16; do for dir in fwd bwd; do for v in hm hp; do
  B=$S/stage-$v; f=$L/$d-$dir-$v.txt; o=""; [ $dir = bwd ] && o=--backward
  LD_LIBRARY_PATH=$B timeout 90 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --dtype $d $o $SH > $f 2>&1
  echo "== $d $dir $v: $(grep -A1 -E '^[0-9]+x[0-9]+ ' $f | grep -E 'auto|FAIL' | awk '{print $NF}' | tr '\n' ' ') [$((SECONDS-t0)) s]"
done; done; done
B=$S/stage-hp
LD_LIBRARY_PATH=$B timeout 240 $B/smax_conformance > $L/conformance-hp.txt 2>&1; echo "conformance hp rc=$? [$((SECONDS-t0)) s]"
tail -n 4 $L/conformance-hp.txt
echo "end [$((SECONDS-t0)) s]"
