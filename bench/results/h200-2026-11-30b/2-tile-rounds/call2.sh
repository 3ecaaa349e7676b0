#!/usr/bin/env bash
# call 2 (twenty-fifth session, H200): A = m25 (main a746fb7), B = r25 (the tile kernels fetch their tile as one batch of
# asynchronous copies a round of rows and each round waits for its own batch: r25.diff), C = f25 (B + the forward tile
# pass's two reductions by the unrolled warp butterfly: f25-only.diff); all sm_90-only builds. A B C C B A, smax-bench
# auto, 2^25 elements a shape; then B's CUDA conformance (default tier, every variant), compute-sanitizer at tile shapes,
# and OpenCL on NVIDIA's conformance with B's kernels (ocl25).
set -u
S=/tmp; for b in m25 r25 f25 ocl25; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "A m25 / B r25 / C f25 (sm_90 builds) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2
  [ $SECONDS -gt 270 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$S/stage-$b timeout 60 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s/%s %s (%s)|", s, $(NF-2), c, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
ABBA() { local k=$1; shift; i=0; for b in m25 r25 f25 f25 r25 m25; do i=$((i+1)); R $k-$i-$b $b "$@"; done; t $k; }
ABBA bf16 --dtype bf16 $(SH 145 181 229 287 363 457 575 725 1149)
ABBA bf16b --backward --dtype bf16 $(SH 145 229 287 457 575 913 1149)
ABBA misc --dtype f16 $(SH 145 457) --shape 16384x145
ABBA log --log --dtype bf16 $(SH 145 229)
N=$S/stage-r25
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$M timeout $((575 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
SF="--shape 1000x100 --shape 1000x145 --shape 999x229 --shape 1000x457 --shape 500x913 --shape 7x145 --shape 333x1149 --shape 17x9 --shape 3000x33"
for tool in memcheck racecheck synccheck; do for a in "--dtype bf16" "--log --dtype f16" "--dtype bf16,f32" "--backward --dtype bf16" "--backward --dtype f16,f32"; do
  C r25 san-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto $a $SF; done; done
while IFS= read -r v; do C r25 c-cuda-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$V"
t "cuda queued"
M=$S/stage-ocl25; while IFS= read -r v; do C ocl25 c-ocl25-$(echo "$v" | tr -c 'a-z0-9' '_') $M/smax_conformance --variant "$v"; done <<< "$V"
t "queued ocl"
wait; t "all done"
for b in cuda ocl25; do for d in fwd bwd; do
  cat $L/c-$b-${d}_*.txt 2>/dev/null | awk -v b="$b default $d" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(tail -1 $f)"; done
t end
