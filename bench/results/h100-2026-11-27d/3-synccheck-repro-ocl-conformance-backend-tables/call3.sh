#!/usr/bin/env bash
# call 3 (2026-11-27, fourth session), main at d511068 (OpenCL shuffles + HIP bf16 pack): (a) the synccheck repro
# with several groups a compute unit (32-48 KB of on-chip memory a group, as smax's failing gradient launch);
# (b) conformance of OpenCL on NVIDIA ("ocl"), all variants, both tiers (its bf16 pack moved in d511068);
# (c) smax-bench backend tables (--algo all): OpenCL on NVIDIA f32, bf16, f32 gradient; HIP on NVIDIA bf16.
set -u
S=/tmp; for f in .dev/stage/*.tgz; do tar xzf $f -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
X=.dev/sync/repro
for cfg in "2 16 512 32" "4 16 512 32" "5 16 512 32" "4 16 512 48" "4 14 512 32" "4 8 512 32" "4 16 512 32 512" "4 16 64 8"; do
  tag=$(echo $cfg | tr ' ' _)
  timeout 20 $X $cfg > $L/repro-plain-$tag.txt 2>&1; echo "exit $?" >> $L/repro-plain-$tag.txt
  timeout 60 compute-sanitizer --tool synccheck --error-exitcode 99 $X $cfg > $L/repro-sync-$tag.txt 2>&1; echo "exit $?" >> $L/repro-sync-$tag.txt
  echo "repro $cfg | plain: $(grep -h '^mode' $L/repro-plain-$tag.txt) $(tail -1 $L/repro-plain-$tag.txt) | synccheck: $(grep -h 'ERROR SUMMARY' $L/repro-sync-$tag.txt) $(grep -h '^mode' $L/repro-sync-$tag.txt) $(tail -1 $L/repro-sync-$tag.txt)"
done
t repro
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
[ $SECONDS -lt 420 ] && T ocl-f32 ocl --dtype f32
[ $SECONDS -lt 480 ] && T ocl-f32-bwd ocl --dtype f32 --backward
for f in $L/backend-*.txt; do echo "== $(basename $f .txt)"; awk '/^[0-9]+x/{s=$1} $1=="auto"{printf "%s %s %s %s %s\n", s, $2, $3" "$4" "$5, $(NF-1), $NF}' $f; done
t end
