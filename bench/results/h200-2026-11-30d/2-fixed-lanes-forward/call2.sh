#!/usr/bin/env bash
# call 2 (twenty-seventh session, H200): row passes compiled for the row slot's lanes (c27 = the working tree on main
# c51a8d7: SMAX_TILE_BY_LANES, kernels/smax_tile.h) against main c51a8d7 (m27). A B B A, smax-bench auto, 2^25
# elements a shape, one dtype and direction a run; ncu of both at bf16 231409 x 145; c27's CUDA conformance (forward
# variants, default tier) and compute-sanitizer at forward tile shapes.
set -u
S=/tmp; for b in m27 c27; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m27 / c27 (sm_90 builds) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 e=$3; shift 3
  [ $SECONDS -gt 260 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$S/stage-$b timeout 60 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s/%s %s (%s)|", s, $(NF-2), c, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
V=("m27 X=0" "c27 X=0")
ABBA() { local k=$1; shift; i=0; for j in 0 1 1 0; do i=$((i+1)); R $k-$i-$j ${V[$j]% *} "${V[$j]#* }" "$@"; done; t $k; }
N=$S/stage-c27
VV=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep -v bwd)
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local tag=$1; shift; throttle
  ( LD_LIBRARY_PATH=$N timeout $((520 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
ABBA bf16 --dtype bf16 $(SH 33 100 145 181 229 287 363 457) --shape 2000x145
ABBA f16 --dtype f16 $(SH 100 145 229)
ABBA log --log --dtype bf16 $(SH 145 229 287)
ABBA b2h --dtype bf16,f16 $(SH 145 229)
ABBA f32 --dtype f32 $(SH 145 287 457)
ABBA b2f --dtype bf16,f32 $(SH 145 287)
ABBA f2b --dtype f32,bf16 $(SH 145 287)
for b in m27 c27; do
  LD_LIBRARY_PATH=$S/stage-$b timeout 100 ncu --clock-control none --set full -k regex:fused_tile -c 1 \
    $S/stage-$b/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.01 --rotate-mb 0 --algo auto --dtype bf16 --shape 231409x145 > $L/ncu-$b.txt 2>&1
  echo "ncu $b: $(grep -E '^ +(Duration|DRAM Throughput|Issue Slots Busy|Achieved Occupancy|Eligible Warps Per Scheduler|No Eligible|Executed Instructions|Registers Per Thread) ' $L/ncu-$b.txt | awk '{printf "%s=%s ", $1" "$2, $NF}')"
done
t ncu
SF="--shape 1000x100 --shape 1000x145 --shape 999x229 --shape 333x287 --shape 300x457 --shape 7x145 --shape 17x9 --shape 3000x33 --shape 5x3 --shape 20000x127 --shape 100x17 --shape 77x500"
for tool in racecheck synccheck memcheck; do for a in "--dtype bf16" "--log --dtype f16" "--dtype bf16,f16" "--dtype f32" "--dtype f16,f32"; do
  C san-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto $a $SF; done; done
while IFS= read -r v; do C c-cuda-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$VV"
t "queued"; wait; t "all done"
cat $L/c-cuda-*.txt 2>/dev/null | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "c27 conformance fwd: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(tail -1 $f)"; done
t end
