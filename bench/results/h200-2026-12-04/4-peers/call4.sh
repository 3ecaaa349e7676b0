#!/usr/bin/env bash
# call 4 (forty-sixth session, H200): peer_bench beside torch and Triton for the gradient cells of PRODUCT.md
# section 6 that the stagger changes (f32 and bf16 256 x 1M, 1024 x 262144), y46 = b1a8439's CUDA code.
set -u
S=/tmp; tar xJf .dev/stage/y46.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "y46 = b1a8439; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
P=/opt/torch/.venv/bin/python3; N=$S/stage-y46
PB() { local tag=$1 lim=$2; shift 2; local d=$L/peers-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit b1a8439 --out $d --impl smax-auto,torch,triton --reps 10 --budget 0.8 "$@" > $d/peers.txt 2>&1
  t "peers $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
PB bwd-f32 80 --dtype f32 --backward --shape 256x1048576 --shape 1024x262144
PB bwd-bf16 80 --dtype bf16 --backward --shape 256x1048576 --shape 1024x262144
t end
