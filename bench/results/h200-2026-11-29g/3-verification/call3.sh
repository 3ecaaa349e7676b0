#!/usr/bin/env bash
# call 3 (twenty-second session, H200): main 16635b0 verified whole. (a) the peer cells call 2's time limit cut
# (bf16 gradient 8192 x 50257, 32 x 32000, single vectors; f16 forward 1 x 2^28), GPU alone; (b) conformance, default
# tier, every variant, on CUDA (m22), HIP on NVIDIA (hipnv22) and OpenCL on NVIDIA (ocl22); large tier of the f32 and
# bf16 forward and gradient on CUDA; (c) compute-sanitizer memcheck, racecheck, synccheck on CUDA at shapes of every
# one-launch kind (clusters: at most 4 of 16 groups, see docs; the device-memory exchange; the re-read; on-chip rows).
set -u
S=/tmp; for b in m22 hipnv22 ocl22; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m22 16635b0 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
P=/opt/torch/.venv/bin/python3; N=$S/stage-m22
PB() { local tag=$1 lim=$2; shift 2; local d=$L/peers-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit 16635b0 --out $d --impl smax-auto,torch,triton --reps 7 --budget 0.5 "$@" > $d/peers.txt 2>&1
  t "peers $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
PB bf16-bwd-rest 80 --dtype bf16 --backward --shape 8192x50257 --shape 32x32000 --shape 1x16777216 --shape 1x268435456
PB f16-2p28 40 --dtype f16 --shape 1x268435456
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$M timeout $((575 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
while IFS= read -r v; do C m22 c-cuda-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$V"
for v in 'fwd f32->f32' 'fwd bf16->bf16' 'bwd y,dy:f32 dx:f32' 'bwd y,dy:bf16 dx:bf16'; do
  C m22 cl-cuda-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --large --only large --variant "$v"; done
SF="--shape 4x262144 --shape 3x100000 --shape 2x300001 --shape 1x600000 --shape 64x4097 --shape 1000x100"
for tool in memcheck racecheck synccheck; do for a in "--dtype f32" "--dtype bf16" "--backward --dtype f32" "--backward --dtype bf16"; do
  C m22 san-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto $a $SF; done; done
t "cuda queued"
for b in hipnv22 ocl22; do M=$S/stage-$b
  while IFS= read -r v; do C $b c-$b-$(echo "$v" | tr -c 'a-z0-9' '_') $M/smax_conformance --variant "$v"; done <<< "$V"
  t "queued $b"; done
wait; t "all done"
for b in cuda hipnv22 ocl22; do for d in fwd bwd; do
  cat $L/c-$b-${d}_*.txt 2>/dev/null | awk -v b="$b default $d" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done
for f in $L/cl-*.txt; do echo "$(basename $f): $(grep -E '^[0-9]+ passed' $f | tail -1) | $(tail -1 $f)"; done
grep -l '^exit [^0]' $L/c-*.txt $L/cl-*.txt; grep -h "FAIL" $L/c-*.txt $L/cl-*.txt | head -10
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(tail -1 $f)"; done
t end
