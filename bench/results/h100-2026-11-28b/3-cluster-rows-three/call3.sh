#!/usr/bin/env bash
# call 3 (2026-11-28, tenth session): a row that fits one group's on-chip memory runs as a thread-block cluster where fewer
# than 3 such rows fit a compute unit (SMAX_DEV_FEW_GROUPS=3, the default of this development build) against fewer than 2
# (=2, main b63300a); ABBA, forward and gradient, rows that leave a unit 2 groups (they change) and 3 (controls); then the
# peer rows of 8192 x 50257 (bf16, f16 forward) with the new rule.
set -u
S=/tmp; tar xJf .dev/stage/few3.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
N=$S/stage-few3
R() { local tag=$1; shift
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s:%s_%s_%s %s %s; ", s, $3, $4, $5, $(NF-1), $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
i=0
for g in 3 2 2 3; do i=$((i+1)); export SMAX_DEV_FEW_GROUPS=$g
  R a$i-bf16-g$g --dtype bf16 --shape 8192x50257 --shape 4096x50257 --shape 8192x40000 --shape 2048x50257 --shape 16384x32768
  R a$i-f16-g$g --dtype f16 --shape 8192x50257
  R a$i-f32-g$g --dtype f32 --shape 8192x20000 --shape 8192x25000 --shape 2048x28000 --shape 16384x16384
  R a$i-bf32-g$g --backward --dtype f32 --shape 8192x10000 --shape 8192x12000 --shape 4096x14000 --shape 16384x8193
  R a$i-bbf16-g$g --backward --dtype bf16 --shape 8192x20000 --shape 8192x25000 --shape 4096x28000
  t a$i
done
unset SMAX_DEV_FEW_GROUPS
P=/opt/torch/.venv/bin/python3
for d in bf16 f16; do
  PYTHONUNBUFFERED=1 timeout 60 $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so --commit few3 \
    --out $L/peers-$d --impl smax-auto,torch,triton --reps 15 --budget 1.0 --dtype $d --shape 8192x50257 > $L/peers-$d.txt 2>&1
  echo "peers-$d: $(grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $L/peers-$d.txt | awk '/^\[/{printf "| %s: ", $2; next} {printf "%s %sus %s %s; ", $1, $2, $4, ($1=="copy"?"":$6)}')"
done
t end
