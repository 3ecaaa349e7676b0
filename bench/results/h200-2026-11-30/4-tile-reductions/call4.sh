#!/usr/bin/env bash
# call 4 (twenty-fourth session, H200): three builds for sm_90 only (-DCMAKE_CUDA_ARCHITECTURES=90-real, so that all
# three fit the device tool's carry): A = a90 (main a9e934f), B = b90 (a9e934f + every warp butterfly over a width known
# at run time unrolled over the warp, steps past the width keeping their value: b90.diff), C = c90 (B + the forward tile
# pass's exponent as one FMA, v·log2 e + (K − m·log2 e), where |m| <= 128 and the output is 16-bit: c90.diff).
# A B C C B A, smax-bench auto, 2^25 elements a shape; then ncu instruction counts of the bf16 145-column tiles.
set -u
S=/tmp; for b in a90 b90 c90; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "A a90 / B b90 / C c90 (sm_90 builds) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2
  [ $SECONDS -gt 500 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$S/stage-$b timeout 90 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s/%s %s (%s)|", s, $(NF-2), c, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
ABBA() { local k=$1; shift; i=0; for b in a90 b90 c90 c90 b90 a90; do i=$((i+1)); R $k-$i-$b $b "$@"; done; t $k; }
ABBA bf16 --dtype bf16 $(SH 128 145 181 192 229 256 363 457 1024 4096) --shape 1024x32000
ABBA bf16b --backward --dtype bf16 $(SH 145 181 229 287 363 457 575 725 913 1149 1825 3649 7299 1024)
ABBA f32 --dtype f32 $(SH 145 287 575 1149 2048) --shape 256x262144
ABBA misc --dtype f16 $(SH 145 229) --shape 16384x145 --shape 8192x229
ABBA bf16log --log --dtype bf16 $(SH 145 229)
ABBA f32b --backward --dtype f32 $(SH 145 287 2299)
M='smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum'
for b in a90 b90 c90; do
  [ $SECONDS -gt 560 ] && break
  LD_LIBRARY_PATH=$S/stage-$b timeout 20 ncu --clock-control none --kernel-name regex:smax_ --launch-skip 2 --launch-count 1 --metrics "$M" \
    $S/stage-$b/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --rotate-mb 0 --algo auto --dtype bf16 --shape 231409x145 > $L/ncu-$b.txt 2>&1
  echo "ncu-$b: $(grep -E 'smax_|inst_executed|issue_active|dram__|gpu__time' $L/ncu-$b.txt | tr -s ' ' | tr '\n' ';')"
done
t end
