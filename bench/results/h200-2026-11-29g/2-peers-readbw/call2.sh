#!/usr/bin/env bash
# call 2 (twenty-second session, H200): (a) .dev/mb/readbw: how fast one launch reads a buffer (plain loads in
# batches, cp.async ring, bulk-copy ring) against a copy; (b) the peer table at main 16635b0 in one run
# (bench/peer_bench.py, smax auto / torch / Triton, every shape of bench/shapes/peer.txt, f32/bf16/f16 forward, f32/bf16
# gradient); (c) smax-bench A B B A of da21826 (m0) against 16635b0 (m22) at f32 single vectors.
set -u
S=/tmp; for b in m22 m0; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m22 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
P=/opt/torch/.venv/bin/python3
$P -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)"
for n in 16777216 67108864; do timeout 60 .dev/mb/readbw $n | tee $L/readbw-$n.txt; done
t readbw
N=$S/stage-m22
PB() { local tag=$1 lim=$2; shift 2; local d=$L/peers-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit 16635b0 --out $d --impl smax-auto,torch,triton --reps 7 --budget 0.5 "$@" > $d/peers.txt 2>&1
  t "peers $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
PB f32 100 --dtype f32
PB bf16 90 --dtype bf16
PB f16 90 --dtype f16
PB f32-bwd 90 --dtype f32 --backward
PB bf16-bwd 90 --dtype bf16 --backward
R() { local tag=$1 b=$2; shift 2
  [ $SECONDS -gt 560 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$S/stage-$b timeout 30 $S/stage-$b/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s; ", s, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
V="--dtype f32 --shape 1x8388608 --shape 1x16777216 --shape 2x8388608"
R a1-m0 m0 $V; R b1-m22 m22 $V; R b2-m22 m22 $V; R a2-m0 m0 $V
t end
