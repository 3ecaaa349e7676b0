#!/usr/bin/env bash
# call 1 (twenty-eighth session, H200): l30 = log-softmax outputs without a select an element (the masked zero row
# tested once a row: forward tile passes, and smax_fused's output pass compiled apart for softmax and log-softmax)
# against main 2ace197 (c29: kernels identical to main's for CUDA): A B B A, smax-bench auto, 2^25 elements a shape;
# ncu of the log-softmax tiles and on-chip rows (both builds) and of main's bf16 -> f32 tiles; l30's CUDA
# conformance (default tier, forward variants) and compute-sanitizer at log-softmax shapes.
set -u
S=/tmp; for b in c29 l30; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "c29 (main) / l30 (sm_90 builds) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 e=$3; shift 3
  [ $SECONDS -gt 300 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$S/stage-$b timeout 60 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s/%s %s (%s)|", s, $(NF-2), c, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
V=("c29 X=0" "l30 X=0")
ABBA() { local k=$1; shift; i=0; for j in 0 1 1 0; do i=$((i+1)); R $k-$i-$j ${V[$j]% *} "${V[$j]#* }" "$@"; done; t $k; }
ABBA log --log --dtype bf16 $(SH 33 100 145 229 287 300 340 363 420 470)
ABBA logf16 --log --dtype f16 $(SH 145 363)
ABBA soft --dtype bf16 $(SH 145 363 1149)
ABBA logf32 --log --dtype f32 $(SH 145 1149 2299 8192 16384)
ABBA f32 --dtype f32 $(SH 2299 16384)
ABBA logmix --log --dtype bf16,f32 $(SH 145 363)
NC() { local tag=$1 b=$2 k=$3; shift 3; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 100 ncu --clock-control none --kernel-name regex:$k --launch-skip 2 --launch-count 1 --set full \
    --import-source no -o $L/$tag $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --rotate-mb 0 --algo auto "$@" > $L/ncu-$tag.txt 2>&1
  ncu --import $L/$tag.ncu-rep --page details > $L/$tag-details.txt 2>&1
  ncu --import $L/$tag.ncu-rep --page raw --csv > $L/$tag-raw.csv 2>&1; rm -f $L/$tag.ncu-rep
  echo "$tag: $(grep -E '^ +(Duration|DRAM Throughput|Issue Slots Busy|Executed Ipc Active|Achieved Occupancy|No Eligible|Warp Cycles Per Issued Instruction|Registers Per Thread|Block Limit Registers|Block Limit Shared Mem|Executed Instructions) ' $L/$tag-details.txt | awk '{$1=$1; print}' | tr '\n' ';')"; }
NC log145-c29 c29 smax_fused_tile --log --dtype bf16 --shape 231409x145
NC log145-l30 l30 smax_fused_tile --log --dtype bf16 --shape 231409x145
NC log363-c29 c29 'smax_fused_bf' --log --dtype bf16 --shape 92436x363
NC log363-l30 l30 'smax_fused_bf' --log --dtype bf16 --shape 92436x363
NC mix145-c29 c29 smax_fused_tile --dtype bf16,f32 --shape 231409x145
NC soft145-c29 c29 smax_fused_tile --dtype bf16 --shape 231409x145
t ncu
N=$S/stage-l30
VV=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^fwd')
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local tag=$1; shift; throttle
  ( LD_LIBRARY_PATH=$N timeout $((560 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
SF="--shape 1000x100 --shape 1000x145 --shape 999x229 --shape 333x287 --shape 300x457 --shape 301x363 --shape 7x145 --shape 17x9 --shape 3000x33 --shape 5x3 --shape 20000x127 --shape 100x17 --shape 77x500 --shape 55x725 --shape 40x2299 --shape 9x16384"
for tool in racecheck synccheck memcheck; do for a in "--log --dtype bf16" "--log --dtype f16" "--log --dtype f32" "--dtype bf16"; do
  C san-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto $a $SF; done; done
while IFS= read -r v; do C c-cuda-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$VV"
for v in "fwd f32->f32" "fwd bf16->bf16"; do C L-cuda-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --large --only large --variant "$v"; done
t "queued"; wait; t "all done"
cat $L/c-cuda-*.txt 2>/dev/null | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "l30 conformance default: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
cat $L/L-cuda-*.txt 2>/dev/null | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "l30 conformance large: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
grep -l '^exit [^0]' $L/c-*.txt $L/L-*.txt; grep -h "FAIL" $L/c-*.txt $L/L-*.txt | head -10
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(tail -1 $f)"; done
t end
