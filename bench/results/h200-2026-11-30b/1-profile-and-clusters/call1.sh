#!/usr/bin/env bash
# call 1 (twenty-fifth session, H200): main a746fb7, sm_90-only build m25.
# (a) SASS of the 16-bit forward and gradient tiles; ncu full set + per-instruction counts of the bf16 forward tiles
#     at 145 and 229 columns and the gradient's tiles at 145 (why the forward is issue-bound at 39 warp instructions
#     per 32 elements); (b) f32 1024 x 262144 forward cluster kernel's ncu details; (c) clusters on and off
#     (SMAX_CLUSTERS=0) A B B A at the rows of 16-chunk clusters and the device-memory exchange.
set -u
S=/tmp; tar xJf .dev/stage/m25.txz -C $S; B=$S/stage-m25
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m25 (a746fb7, sm_90) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
CUDA_BIN=$(dirname "$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)")
$CUDA_BIN/cuobjdump -sass $B/libsmax.so 2>&1 | gzip -9 > $OUT/sass.txt.gz; ls -la $OUT/sass.txt.gz; t sass
NCU() { local tag=$1 kern=$2; shift 2
  LD_LIBRARY_PATH=$B timeout 120 ncu --clock-control none --kernel-name regex:$kern --launch-skip 2 --launch-count 1 --set full \
    --import-source no -o $OUT/$tag $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --rotate-mb 0 --algo auto "$@" > $L/ncu-$tag.txt 2>&1
  ncu --import $OUT/$tag.ncu-rep --page details > $OUT/$tag-details.txt 2>&1
  ncu --import $OUT/$tag.ncu-rep --page source --csv --print-source sass 2>&1 | gzip -9 > $OUT/$tag-sass.csv.gz
  echo "$tag: $(grep -E 'Duration|DRAM Throughput|Issue Slots Busy|Achieved Occupancy|Registers Per|Executed Instructions  ' $OUT/$tag-details.txt | tr -s ' ' | tr '\n' ';')"; t $tag; }
NCU t145 smax_fused_tile --dtype bf16 --shape 231409x145
NCU t229 smax_fused_tile --dtype bf16 --shape 146525x229
NCU g145 smax_ --backward --dtype bf16 --shape 231409x145
NCU c262k smax_ --dtype f32 --shape 1024x262144
R() { local tag=$1; shift
  [ $SECONDS -gt 540 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$B timeout 90 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s/%s %s (%s)|", s, $(NF-2), c, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
AB() { local k=$1; shift; R $k-1-on "$@"; SMAX_CLUSTERS=0 R $k-2-off "$@"; SMAX_CLUSTERS=0 R $k-3-off "$@"; R $k-4-on "$@"; t $k; }
AB f32 --dtype f32 --shape 1024x262144 --shape 512x262144 --shape 2048x262144 --shape 256x1048576 --shape 128x524288
AB bf16 --dtype bf16 --shape 128x524288 --shape 512x524288 --shape 1024x262144 --shape 256x1048576
AB f32b --backward --dtype f32 --shape 1024x262144 --shape 256x262144 --shape 512x131072
AB bf16b --backward --dtype bf16 --shape 128x524288 --shape 1024x262144
t end
