#!/usr/bin/env bash
# call 3 (twenty-eighth session, H200): n32 = l31 + the forward tiles of a 16-bit x (f32 y too) in groups of 128
# (tile_group), against main 2ace197 (c29), A B B A; OpenCL on NVIDIA (ocl32) of the same
# tree against main's (ocl29: 2ace197's kernels), A B B A at log-softmax tiles; conformance, default tier,
# forward variants: CUDA n32 (and large tier f32, bf16), hip32, ocl32; compute-sanitizer of n32 at log-softmax and
# bf16 -> f32 tile shapes, and of main and n32 at the cluster kernel's rows (9 x 16384, 3 x 65536).
set -u
S=/tmp; for b in c29 n32 hip32 ocl29 ocl32; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "c29 (main) / n32, hip32, ocl29 / ocl32 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 e=$3; shift 3
  [ $SECONDS -gt 300 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$S/stage-$b timeout 90 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s/%s %s (%s)|", s, $(NF-2), c, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
ABBA() { local k=$1; shift; i=0; for j in 0 1 1 0; do i=$((i+1)); R $k-$i-$j ${V[$j]% *} "${V[$j]#* }" "$@"; done; t $k; }
V=("c29 X=0" "n32 X=0")
ABBA mix --dtype bf16,f32 $(SH 33 100 145 229 363 457)
ABBA mixlog --log --dtype bf16,f32 $(SH 145 363)
ABBA f16mix --dtype f16,f32 $(SH 145 363)
ABBA same --dtype f32,bf16 $(SH 145 287) --shape 231409x145
ABBA log --log --dtype bf16 $(SH 145 229 457) --shape 2000x145
V=("ocl29 X=0" "ocl32 X=0")
ABBA ocllog --log --dtype f16 $(SH 100 145 229 363 575 1149)
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((575 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
N=$S/stage-n32
SF="--shape 1000x100 --shape 1000x145 --shape 999x229 --shape 333x287 --shape 300x457 --shape 301x363 --shape 7x145 --shape 17x9 --shape 3000x33 --shape 5x3 --shape 20000x127 --shape 77x500 --shape 40x2299"
for tool in racecheck synccheck memcheck; do for a in "--log --dtype bf16" "--log --dtype f16,f32" "--dtype bf16,f32" "--log --dtype f32"; do
  C n32 san-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto $a $SF; done; done
for b in c29 n32; do for tool in racecheck synccheck; do for a in "--dtype bf16" "--dtype f32"; do
  C $b cl-$b-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $S/stage-$b/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto $a --shape 9x16384 --shape 3x65536; done; done; done
for b in n32 hip32 ocl32; do M=$S/stage-$b
  VV=$(LD_LIBRARY_PATH=$M $M/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^fwd')
  while IFS= read -r v; do C $b c-$b-$(echo "$v" | tr -c 'a-z0-9' '_') $M/smax_conformance --variant "$v"; done <<< "$VV"; done
for v in "fwd f32->f32" "fwd bf16->bf16"; do C n32 L-n32-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --large --only large --variant "$v"; done
t "queued"; wait; t "all done"
for b in n32 hip32 ocl32; do
  cat $L/c-$b-*.txt 2>/dev/null | awk -v b="$b default fwd" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'; done
cat $L/L-*.txt 2>/dev/null | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "n32 large fwd f32, bf16: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
grep -l '^exit [^0]' $L/c-*.txt $L/L-*.txt; grep -h "FAIL" $L/c-*.txt $L/L-*.txt | head -10
for f in $L/san-*.txt $L/cl-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(grep -c ' ERROR ' $f) ERROR | $(tail -1 $f)"; done
t end
