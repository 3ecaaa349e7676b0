#!/usr/bin/env bash
# call 2 (2026-11-27, fifth session): OpenCL on NVIDIA, register budgets (working tree on 6ad3ebd): the 16-bit
# forward register and tile kernels come from a program built with -cl-nv-maxrregcount (65536 / (128 x 12) -> 40;
# 65536 / (256 x 6) -> 40). ABBA against 6ad3ebd (ocl-base) at 2^26 elements, auto: bf16; one AB round of f16 and
# bf16 -> f16; then conformance of the new build, all variants, both tiers.
set -u
S=/tmp; for f in .dev/stage/*.tgz; do tar xzf $f -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
sh() { for c in 64 100 128 256 1000 1024 2048 4096; do printf -- "--shape %dx%d " $((67108864 / c)) $c; done; echo "--shape 2097152x128"; }
R() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  local s0=$SECONDS
  LD_LIBRARY_PATH=$N timeout 150 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" $(sh) > $L/$tag.txt 2>&1
  echo "$tag ($((SECONDS-s0)) s) $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{pl=""; for(i=3;i<=NF && $i!="ok" && $i!="FAILED";i++) pl=pl $i "_"; printf "%s:%s%s ", s, pl, $NF} /FAILED/{print "FAILED", $0}' $L/$tag.txt)"; }
R A1-bf16 ocl-base --dtype bf16; R B1-bf16 ocl --dtype bf16; R B2-bf16 ocl --dtype bf16; R A2-bf16 ocl-base --dtype bf16
R A-f16 ocl-base --dtype f16; R B-f16 ocl --dtype f16
R A-bf16f16 ocl-base --dtype bf16,f16; R B-bf16f16 ocl --dtype bf16,f16
t ab
N=$S/stage-ocl
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
throttle() { while [ "$(jobs -rp | wc -l)" -ge 14 ]; do sleep 1; done; }
for tier in default large; do
  while IFS= read -r v; do
    throttle
    tag=c-$tier-$(echo "$v" | tr -c 'a-z0-9' '_'); o=""; [ $tier = large ] && o="--only large"
    ( LD_LIBRARY_PATH=$N timeout 300 $N/smax_conformance $o --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) &
  done <<< "$V"
done
wait
for tier in default large; do for dir in fwd bwd; do
  cat $L/c-$tier-${dir}*.txt | awk -v b="ocl $tier $dir" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
t end
