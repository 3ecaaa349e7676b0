#!/usr/bin/env bash
# call 5 (2026-11-27, seventh session), main 7a46521: conformance, all 18 variants, default and large tiers, of the CUDA build
# (stage-fix2), HIP on NVIDIA and OpenCL on NVIDIA; compute-sanitizer's four tools on the CUDA build (`--only special` over
# five variants, and smax-bench shapes of every plan in f32, bf16 and f16, both directions).
set -u
S=/tmp; for f in .dev/stage/fix2.txz .dev/stage/ocl.txz .dev/stage/hipnv.txz; do tar xJf $f -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; compute-sanitizer --version | tail -1
N=$S/stage-fix2
SB="--shape 64x1000 --shape 33x3000 --shape 16x10000 --shape 300x10000 --shape 4x65535 --shape 2x200001 --shape 3x1048576 --shape 1x4194304"
for tool in memcheck racecheck initcheck synccheck; do
  ( LD_LIBRARY_PATH=$N timeout 400 compute-sanitizer --tool $tool --error-exitcode 99 $N/smax_conformance --only special \
      --variant 'fwd f32->f32+fwd bf16->bf16+fwd f16->f16+bwd y,dy:f32 dx:f32+bwd y,dy:bf16 dx:bf16' > $L/san-$tool-special.txt 2>&1; echo "exit $?" >> $L/san-$tool-special.txt ) &
  for d in f32 bf16 f16; do for dir in "" --backward; do
    ( LD_LIBRARY_PATH=$N timeout 400 compute-sanitizer --tool $tool --error-exitcode 99 $N/smax-bench --no-overhead --quiet --reps 2 --batch-ms 0 \
        --max-seconds 0.001 --rotate-mb 0 --algo auto $dir --dtype $d $SB > $L/san-$tool-$d$dir.txt 2>&1; echo "exit $?" >> $L/san-$tool-$d$dir.txt ) &
  done; done
done
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 14 ] && break; sleep 1; done; }
for b in fix2 hipnv ocl; do
  N=$S/stage-$b
  V=$(OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
  for tier in default large; do
    while IFS= read -r v; do
      throttle
      tag=c-$b-$tier-$(echo "$v" | tr -c 'a-z0-9' '_'); o=""; [ $tier = large ] && o="--only large"
      ( OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$N timeout $((585 - SECONDS)) $N/smax_conformance $o --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!)
    done <<< "$V"
  done
  t "queued $b"
done
wait
for b in fix2 hipnv ocl; do for tier in default large; do for dir in fwd bwd; do
  cat $L/c-$b-$tier-${dir}*.txt | awk -v b="$b $tier $dir" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
head -3 $L/c-ocl-default-fwd_f32__f32_.txt; head -3 $L/c-hipnv-default-fwd_f32__f32_.txt
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -h 'ERROR SUMMARY\|RACECHECK SUMMARY' $f | tail -1) | $(grep -h 'runs:\|passed,' $f | tail -1) | $(tail -1 $f)"; done
t end
