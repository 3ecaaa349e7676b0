#!/usr/bin/env bash
# call 4 (2026-11-27, fifth session), working tree on 6ad3ebd as committed (register budgets; f16 vectors loaded as
# a uint4 in OpenCL on NVIDIA through smax_io.h): OpenCL f16 sweep once more against 6ad3ebd; OpenCL conformance,
# all variants, both tiers; smax-bench backend tables (--algo all): OpenCL bf16, f16, f16 gradient; HIP on NVIDIA bf16.
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
  echo "$tag ($((SECONDS-s0)) s) $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{pl=""; for(i=3;i<=NF && $i!="ok" && $i!="FAILED";i++) pl=pl $i "_"; printf "%s:%s%s ", s, pl, $NF} / [1-9][0-9]* FAILED/{print "FAILED", $0}' $L/$tag.txt)"; }
R ocl-A-f16 ocl-base --dtype f16; R ocl-B-f16 ocl --dtype f16; R ocl-B-bf16 ocl --dtype bf16
t sweep
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
t conformance
T() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  LD_LIBRARY_PATH=$N timeout 100 $N/smax-bench --shapes bench/shapes/backend.txt --algo all --reps 3 --max-seconds 0.15 --no-overhead --quiet --csv $L/backend-$tag.csv "$@" > $L/backend-$tag.txt 2>&1
  echo "exit $?" >> $L/backend-$tag.txt
  t "backend $tag: $(tail -2 $L/backend-$tag.txt | tr '\n' ' ')"; }
T ocl-bf16 ocl --dtype bf16; T hipnv-bf16 hipnv --dtype bf16
[ $SECONDS -lt 400 ] && T ocl-f16 ocl --dtype f16
[ $SECONDS -lt 460 ] && T ocl-f16-bwd ocl --dtype f16 --backward
for f in $L/backend-*.txt; do echo "== $(basename $f .txt)"; awk '/^[0-9]+x/{s=$1} $1=="auto"{printf "%s %s %s %s\n", s, $2, $(NF-1), $NF}' $f; done
t end
