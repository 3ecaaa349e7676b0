#!/usr/bin/env bash
# call 6 (2026-11-28, fifteenth session, H200): 0f4419f (f1; the plans of 955c7d8). Conformance, default tier, every
# variant on HIP on NVIDIA and OpenCL on NVIDIA; large tier of the 16-bit forward and gradient on CUDA; compute-sanitizer
# memcheck and racecheck on CUDA at shapes whose H200 plans changed with 955c7d8.
set -u
S=/tmp; for b in f1 hipnv-f1 ocl-f1; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "f1=$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 13 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b; throttle
  ( OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$N timeout $((540 - SECONDS)) $N/smax_conformance "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
N=$S/stage-f1
SB="--shape 5x128256 --shape 3x100000 --shape 3x400000 --shape 7x50257 --shape 9x28000"
for tool in memcheck racecheck; do
  for d in "--dtype f32" "--dtype bf16" "--backward --dtype bf16,f32" "--backward --dtype f32"; do
    throttle; tg=$tool-$(echo "$d" | tr -c 'a-z0-9' '_')
    ( LD_LIBRARY_PATH=$N timeout $((400 - SECONDS)) compute-sanitizer --tool $tool --error-exitcode 99 $N/smax-bench --no-overhead --quiet --reps 2 --batch-ms 0 \
        --max-seconds 0.001 --rotate-mb 0 --algo auto $d $SB > $L/san-$tg.txt 2>&1; echo "exit $?" >> $L/san-$tg.txt ) & CP+=($!)
  done
done
C f1 c-large-fwd-bf16 --large --only large --variant 'fwd bf16->bf16'
C f1 c-large-bwd-bf16 --large --only large --variant 'bwd y,dy:bf16 dx:bf16'
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
for b in hipnv-f1 ocl-f1; do
  while IFS= read -r v; do C $b c-$b-$(echo "$v" | tr -c 'a-z0-9' '_') --variant "$v"; done <<< "$V"
  t "queued $b"
done
wait
for f in $L/c-large*.txt; do echo "$(basename $f): $(grep -E '^[0-9]+ passed' $f | tail -1) | $(tail -1 $f)"; done
for b in hipnv-f1 ocl-f1; do for d in fwd bwd; do
  cat $L/c-$b-${d}_*.txt | awk -v b="$b default $d" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -h 'ERROR SUMMARY\|RACECHECK SUMMARY' $f | tail -1) | $(tail -1 $f)"; done
t end
