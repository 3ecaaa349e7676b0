#!/usr/bin/env bash
# call 1 (forty-ninth session, H200): why HIP on NVIDIA's f32 gradient at 1024 x 262144 (83%) runs ahead of CUDA's (81)
# with the same plan and the same kernel source. cu = main 80ab43f CUDA sm_90 (bulk keeps), nb = the same built with
# -DSMAX_NO_BULK_KEEP (the async keep HIP runs), hn = HIP on NVIDIA (nvcc 11.8). Rounds cu nb hn hn nb cu, % of copy;
# then ncu --set full of the exchange kernel in each, and the kernel's SASS of each.
set -u
S=/tmp; for n in cu nb hn; do tar xJf .dev/stage/$n.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "c49-1; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1; echo "rc=$?" >> $L/$tag.txt
  echo "== $tag"; grep -A1 -E "^[0-9]+x[0-9]+ " $L/$tag.txt | grep -E "auto|FAIL" | awk '{print $NF}' | tr '\n' ' '; echo; grep -E "FAIL|rror|rc=[1-9]" $L/$tag.txt | head -3; }
F="--shape 1024x262144 --shape 512x393216 --shape 256x1048576"
echo "shapes: $F (gradient f32, forward f32, gradient bf16; % of copy, auto)"
R warm cu --algo auto --dtype f32 --shape 64x128 > /dev/null
n=0
for v in cu nb hn hn nb cu; do
  n=$((n+1)); t "round $n $v"
  R bwd-$n-$v $v --algo auto --dtype f32 --backward $F
  R fwd-$n-$v $v --algo auto --dtype f32 $F
  R bbf-$n-$v $v --algo auto --dtype bf16 --backward $F
done
for v in cu nb hn; do
  t "ncu $v"; B=$S/stage-$v
  LD_LIBRARY_PATH=$B timeout 150 ncu --set full --import-source no -k regex:smax_bwd_mb_onchip --launch-skip 2 --launch-count 1 -o $OUT/rep-$v \
    $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.001 --rotate-mb 0 --algo auto --dtype f32 --backward --shape 1024x262144 > $L/ncu-$v.txt 2>&1; echo "ncu $v rc=$?"
  ncu -i $OUT/rep-$v.ncu-rep --page details --csv > $OUT/details-$v.csv 2>&1
  ncu -i $OUT/rep-$v.ncu-rep --page raw --csv > $L/raw-$v.csv 2>&1
  cuobjdump -sass -fun smax_bwd_mb_onchip_f32_f32 $B/libsmax.so.0.2.0 > $L/sass-$v.txt 2>&1 || cuobjdump -sass $B/libsmax.so.0.2.0 2>/dev/null | awk '/Function : smax_bwd_mb_onchip_f32_f32/{p=1} p{print} p&&/\.\.\.\.\.\.\.\.\.\./{exit}' > $L/sass-$v.txt
  wc -l $L/sass-$v.txt
done
t end
