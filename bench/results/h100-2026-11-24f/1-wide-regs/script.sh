#!/usr/bin/env bash
# H100 call 1 (session 2026-11-24 19:45): base = main 75bd54a; w0 = the working tree with the wide
# register kernels off (only the narrow gradient's held-vector change: split vectors read again at
# each use, held vectors opaque between passes); w1 = wide kernels where the narrow one would idle a
# third of its slots (reg_slots_idle_third); w2 = wide kernels for every register-resident row of
# 8-element vectors. Two alternating rounds, 16M elements a shape; CUDA conformance of w1.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
S=/tmp/stage; mkdir -p $S
for v in base w0 w1 w2; do mkdir -p $S/$v; tar xJf .dev/stage/ab/$v.txz -C $S/$v; done
cp $S/w1/smax-bench $S/w1/smax_conformance $S/
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
run() { # variant tag args...
  local v=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$S/$v timeout 200 $S/smax-bench --algo auto "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
}
shapes() { local s=""; for c in "$@"; do s="$s --shape $((16777216 / c))x$c"; done; echo $s; }
W=$(shapes 513 777 1025 1100 1300 1537 1800 2048 2049 2500 3001 4096 4097 5000 6000 8000)
N=$(shapes 1025 1300 2049 4097)
echo "W: 513 777 1025 1100 1300 1537 1800 2048 2049 2500 3001 4096 4097 5000 6000 8000; N: 1025 1300 2049 4097"
for round in 1 2; do
  for v in base w0 w1 w2; do
    run $v r$round-$v-bf16 --dtype bf16 $W
    run $v r$round-$v-bwd-bf16 --backward --dtype bf16 $W
    run $v r$round-$v-f16log --dtype f16 --log $N
    run $v r$round-$v-f32 --dtype f32 $N
    run $v r$round-$v-bwd-f32 --backward --dtype f32 $N
  done
  t "round $round done"
done
LD_LIBRARY_PATH=$S/w1 $S/smax-bench --algo auto --dtype bf16 $(shapes 1025 2049) --reps 3 --max-seconds 0.1 --no-overhead 2>&1 | grep -E "auto|fused" | head -4
for v in 'fwd bf16->bf16' 'fwd f16->f32' 'fwd f32->f32' 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f32 dx:f32' 'bwd y,dy:f16 dx:bf16'; do
  tag=conf-$(echo "$v" | tr -c 'a-z0-9' '_')
  ( LD_LIBRARY_PATH=$S/w1 timeout 250 $S/smax_conformance --variant "$v" > $logs/$tag.txt 2>&1; echo "exit $?" >> $logs/$tag.txt ) &
done
wait
for f in $logs/conf-*.txt; do echo "$(basename $f): $(tail -2 $f | tr '\n' ' ')"; done
t "conformance done"
