#!/usr/bin/env bash
# call 3 (forty-ninth session, H200): does HIP on NVIDIA (hn) plan the gradient exchange's stagger (common/plan.c,
# exchange_stagger) that CUDA does? The runtime's answers HIP's traits come from (attr-hn, HIP 5.2 headers, CUDA 11.8
# runtime), then SMAX_STAGGER = unset, 0, 2, 4, 6, 9, 12 for hn and for CUDA without bulk copies (nb, the same kernel).
set -u
S=/tmp; for n in nb hn; do tar xJf .dev/stage/$n.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "c49-3; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
./.dev/attr/attr-hn
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1; echo "rc=$?" >> $L/$tag.txt
  echo "== $tag"; grep -A1 -E "^[0-9]+x[0-9]+ " $L/$tag.txt | grep -E "auto|FAIL" | awk '{print $NF}' | tr '\n' ' '; echo; grep -E "FAIL|rror|rc=[1-9]" $L/$tag.txt | head -3; }
F="--shape 256x1048576 --shape 512x393216 --shape 1024x262144"
H="--shape 256x1048576 --shape 512x524288"
echo "f32: $F; bf16: $H (gradient, % of copy, auto)"
R warm hn --algo auto --dtype f32 --shape 64x128 > /dev/null
for s in unset 0 2 4 6 9 12; do
  for v in nb hn; do
    t "stagger $s $v"
    if [ $s = unset ]; then unset SMAX_STAGGER; else export SMAX_STAGGER=$s; fi
    R f32-$s-$v $v --algo auto --dtype f32 --backward $F
    R bf16-$s-$v $v --algo auto --dtype bf16 --backward $H
  done
done
unset SMAX_STAGGER
t end
