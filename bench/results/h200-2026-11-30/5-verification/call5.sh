#!/usr/bin/env bash
# call 5 (twenty-fourth session, H200): A = a90 (main a9e934f, sm_90 only), B = d90 (a9e934f + the gradient tiles'
# unrolled butterfly, smax_reduce_float_turn_flat; sm_90 only). (a) A B B A, smax-bench auto, 16-bit gradient tiles and
# rows around them, 2^25 elements a shape; (b) conformance, default tier, every variant, on CUDA (d90), HIP on NVIDIA
# (hipnv24) and OpenCL on NVIDIA (ocl24); large tier of the gradient (f32, bf16, f16, bf16 -> f32) on CUDA;
# compute-sanitizer memcheck, racecheck, synccheck on CUDA at gradient tile shapes.
set -u
S=/tmp; for b in a90 d90 hipnv24 ocl24; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "A a90 / B d90 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2
  [ $SECONDS -gt 150 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$S/stage-$b timeout 60 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s/%s %s (%s)|", s, $(NF-2), c, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
ABBA() { local k=$1; shift; i=0; for b in a90 d90 d90 a90; do i=$((i+1)); R $k-$i-$b $b "$@"; done; t $k; }
ABBA bf16b --backward --dtype bf16 $(SH 100 145 181 229 287 363 457 575 725 913 1149)
ABBA f16b --backward --dtype f16 $(SH 145 229 457 913)
ABBA mixb --backward --dtype bf16,f32 $(SH 145 229 457)
ABBA logb --backward --log --dtype bf16 $(SH 145 229)
N=$S/stage-d90
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$M timeout $((560 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
while IFS= read -r v; do C d90 c-cuda-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$V"
for v in 'bwd y,dy:f32 dx:f32' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f16' 'bwd y,dy:bf16 dx:f32'; do
  C d90 cl-cuda-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --large --only large --variant "$v"; done
SF="--shape 1000x100 --shape 1000x145 --shape 999x229 --shape 1000x457 --shape 500x913 --shape 7x145 --shape 333x1149"
for tool in memcheck racecheck synccheck; do for a in "--backward --dtype bf16" "--backward --dtype f16,f32" "--backward --log --dtype bf16"; do
  C d90 san-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto $a $SF; done; done
t "cuda queued"
for b in hipnv24 ocl24; do M=$S/stage-$b
  while IFS= read -r v; do C $b c-$b-$(echo "$v" | tr -c 'a-z0-9' '_') $M/smax_conformance --variant "$v"; done <<< "$V"
  t "queued $b"; done
wait; t "all done"
for b in cuda hipnv24 ocl24; do for d in fwd bwd; do
  cat $L/c-$b-${d}_*.txt 2>/dev/null | awk -v b="$b default $d" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done
for f in $L/cl-*.txt; do echo "$(basename $f): $(grep -E '^[0-9]+ passed' $f | tail -1) | $(tail -1 $f)"; done
grep -l '^exit [^0]' $L/c-*.txt $L/cl-*.txt; grep -h "FAIL" $L/c-*.txt $L/cl-*.txt | head -10
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(tail -1 $f)"; done
t end
