#!/usr/bin/env bash
# call 6 (2026-11-27): the candidate (the device-memory exchange's chunks of 32 KB; OpenCL's bf16 rounding
# by cvt.rn.bf16x2.f32 on NVIDIA): CUDA's own exchange rows against the old 1/6 share
# (SMAX_DEV_COOP_BYTES=38741, the H100's 232448 / 6), ABBA; the default conformance tier of the three
# builds; OpenCL on NVIDIA keeping on-chip rows by cp.async (inline PTX) against registers
# (SMAX_OPENCL_OPTIONS=-DSMAX_NO_ASYNC_KEEP, same plans), ABBA; the backend tables of OpenCL and HIP on NVIDIA.
set -u
S=/tmp; for f in .dev/stage/*.tgz; do tar xzf $f -C $S; done
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B() { local b=$1 tag=$2; shift 2; LD_LIBRARY_PATH=$S/stage-$b timeout 60 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt; }
X="--shape 256x1048576 --shape 64x1048576"
i=0
for v in new old old new; do
  i=$((i+1))
  if [ $v = old ]; then export SMAX_DEV_COOP_BYTES=38741; else unset SMAX_DEV_COOP_BYTES; fi
  B cuda ab$i-$v-f32 --dtype f32 $X; B cuda ab$i-$v-bf16 --dtype bf16 $X; B cuda ab$i-$v-grad --backward --dtype f32 $X
done
unset SMAX_DEV_COOP_BYTES
t "A/B share"
OF="--dtype f32 --shape 1024x65536 --shape 256x262144 --shape 8192x8192 --shape 16384x4096"
OH="--dtype bf16 --shape 1024x65536 --shape 4096x16384 --shape 8192x8192"
i=0
for v in async regs regs async; do
  i=$((i+1))
  if [ $v = regs ]; then export SMAX_OPENCL_OPTIONS=-DSMAX_NO_ASYNC_KEEP; else unset SMAX_OPENCL_OPTIONS; fi
  B ocl oc$i-$v-f32 $OF; B ocl oc$i-$v-bf16 $OH
done
unset SMAX_OPENCL_OPTIONS
B ocl oc-all-f32 --algo all --dtype f32 --shape 4096x10000; B ocl oc-all-bf16 --algo all --dtype bf16 --shape 2048x20000
t "A/B OpenCL cp.async"
for f in $L/ab*.txt $L/oc*.txt; do printf "%-18s " $(basename $f .txt); awk '/^[0-9]+x/{s=$1} $1=="auto"{printf "%s %s %s %s %s | ", s, $3, $4, $5, $NF} / FAILED verification/{if ($5 != "0") printf "!! FAILED"}' $f; echo; done
left=$((400 - SECONDS)); t "conformance with ${left} s"
V=$(LD_LIBRARY_PATH=$S/stage-cuda $S/stage-cuda/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
for b in cuda ocl hipnv; do
  while IFS= read -r v; do
    tag=conf-$b-$(echo "$v" | tr -c 'a-z0-9' '_')
    ( LD_LIBRARY_PATH=$S/stage-$b timeout $left $S/stage-$b/smax_conformance --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) &
  done <<< "$V"
done
wait
for b in cuda ocl hipnv; do
  cat $L/conf-$b-*.txt | awk -v b=$b '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done
grep -l '^exit [^0]' $L/conf-*.txt
grep -h "FAIL" $L/conf-*.txt | head -10
left=$((570 - SECONDS)); t "backend tables with ${left} s"
for b in ocl hipnv; do
  ( LD_LIBRARY_PATH=$S/stage-$b timeout $((left - 5)) $S/stage-$b/smax-bench --shapes bench/shapes/backend.txt --algo all --reps 3 --max-seconds 0.15 --no-overhead --quiet > $L/backend-$b.txt 2>&1; echo "exit $?" >> $L/backend-$b.txt ) 
  left=$((570 - SECONDS))
done
for b in ocl hipnv; do echo "== $b"; awk '/^[0-9]+x/{s=$1} $1=="auto"{printf "%s %s %s %s %s\n", s, $2, $3, $(NF-1), $NF}' $L/backend-$b.txt; tail -2 $L/backend-$b.txt; done
t end
