#!/usr/bin/env bash
# call 4 (twenty-fifth session, H200): the candidate v25 (a746fb7 + the gradient's tiles fetched a round at a time +
# cluster_share: forward clusters whose chunks leave no room for 4 groups a unit take the device-memory exchange where
# rows >= 2 x compute units); sm_90-only CUDA build, HIP on NVIDIA (hip25) and OpenCL (ocl25b) builds of the same tree.
# (a) A = m25 (main) / B = v25, A B B A, at rows the plan rule moves and keeps; m25 with clusters off at 192 and 256 rows;
# (b) conformance, default tier, every variant, CUDA, HIP on NVIDIA, OpenCL on NVIDIA; CUDA large tier (f32 and bf16,
# forward and gradient); compute-sanitizer memcheck, racecheck, synccheck at gradient tiles (the moved forward rows run the
# exchange's kernel, unchanged; smax-bench checks their results in (a)).
set -u
S=/tmp; for b in m25 v25 hip25 ocl25b; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "A m25 / B v25 (sm_90 builds); hip25, ocl25b $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2
  [ $SECONDS -gt 130 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$S/stage-$b timeout 60 $S/stage-$b/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s/%s %s (%s)|", s, $(NF-2), c, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
ABBA() { local k=$1; shift; i=0; for b in m25 v25 v25 m25; do i=$((i+1)); R $k-$i-$b $b "$@"; done; t $k; }
ABBA f32 --dtype f32 --shape 1024x262144 --shape 384x262144 --shape 256x262144 --shape 128x262144 --shape 1170x229376
ABBA more --dtype bf16 --shape 455x589824 --shape 280x524288
SMAX_CLUSTERS=0 R off-m25 m25 --dtype f32 --shape 256x262144 --shape 192x262144; R on-m25 m25 --dtype f32 --shape 192x262144; t off
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$M timeout $((520 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
N=$S/stage-v25
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
SF="--shape 1000x100 --shape 1000x145 --shape 999x229 --shape 1000x457 --shape 500x913 --shape 7x145 --shape 333x1149 --shape 3000x33"
for tool in memcheck racecheck synccheck; do
  for a in "--backward --dtype bf16" "--backward --dtype f16,f32" "--backward --log --dtype bf16"; do
    C v25 san-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto $a $SF; done
done
while IFS= read -r v; do C v25 c-cuda-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$V"
for v in 'fwd f32->f32' 'fwd bf16->bf16' 'bwd y,dy:f32 dx:f32' 'bwd y,dy:bf16 dx:bf16'; do
  C v25 cl-cuda-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --large --only large --variant "$v"; done
t "cuda queued"
for b in hip25 ocl25b; do M=$S/stage-$b
  while IFS= read -r v; do C $b c-$b-$(echo "$v" | tr -c 'a-z0-9' '_') $M/smax_conformance --variant "$v"; done <<< "$V"
  t "queued $b"; done
wait; t "all done"
for b in cuda hip25 ocl25b; do for d in fwd bwd; do
  cat $L/c-$b-${d}_*.txt 2>/dev/null | awk -v b="$b default $d" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done
for f in $L/cl-*.txt; do echo "$(basename $f): $(grep -E '^[0-9]+ passed' $f | tail -1) | $(tail -1 $f)"; done
grep -l '^exit [^0]' $L/c-*.txt $L/cl-*.txt; grep -h "FAIL" $L/c-*.txt $L/cl-*.txt | head -10
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(tail -1 $f)"; done
t end
