#!/usr/bin/env bash
# call 7 (2026-11-27): OpenCL on NVIDIA keeping on-chip rows by cp.async (inline PTX; call 6's build
# failed to compile: `local` and `global` are OpenCL C words) against registers
# (SMAX_OPENCL_OPTIONS=-DSMAX_NO_ASYNC_KEEP, same plans), ABBA; its default conformance tier; its backend table.
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
for f in $L/oc*.txt; do printf "%-18s " $(basename $f .txt); awk '/^[0-9]+x/{s=$1} $1=="auto"||$1=="fused"||$1=="multiblock"||$1=="online"{printf "%s %s %s %s %s | ", s, $1, $3, $4, $NF} / FAILED verification/{if ($5 != "0") printf "!! FAILED"}' $f; echo; done
grep -h "error\|failed" $L/oc1-async-f32.txt | head -5
left=$((330 - SECONDS)); t "conformance with ${left} s"
V=$(LD_LIBRARY_PATH=$S/stage-ocl $S/stage-ocl/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
while IFS= read -r v; do
  tag=conf-ocl-$(echo "$v" | tr -c 'a-z0-9' '_')
  ( LD_LIBRARY_PATH=$S/stage-ocl timeout $left $S/stage-ocl/smax_conformance --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) &
done <<< "$V"
wait
cat $L/conf-ocl-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "ocl: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
grep -l '^exit [^0]' $L/conf-*.txt
grep -h "FAIL" $L/conf-*.txt | head -10
left=$((560 - SECONDS)); t "backend table with ${left} s"
LD_LIBRARY_PATH=$S/stage-ocl timeout $((left - 5)) $S/stage-ocl/smax-bench --shapes bench/shapes/backend.txt --algo all --reps 3 --max-seconds 0.15 --no-overhead --quiet > $L/backend-ocl.txt 2>&1; echo "exit $?" >> $L/backend-ocl.txt
awk '/^[0-9]+x/{s=$1} $1=="auto"{printf "%s %s %s %s %s\n", s, $2, $3, $(NF-1), $NF}' $L/backend-ocl.txt; tail -2 $L/backend-ocl.txt
t end
