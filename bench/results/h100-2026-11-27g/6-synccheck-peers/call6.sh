#!/usr/bin/env bash
# call 6 (2026-11-27, seventh session), main 7a46521: (a) synccheck on the f32 smax-bench shapes that call 5's synccheck
# skipped after the tool's known fault on a cluster of 9 groups (16 x 10000), both directions, without that shape; (b) the
# peer rows at 7a46521 for the shapes this session's changes touch (bench/peer_bench.py, smax auto / torch / Triton, % of copy).
set -u
S=/tmp; for f in .dev/stage/fix2.txz; do tar xJf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs peers-* && rm -rf logs peers-*' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"
N=$S/stage-fix2
SB="--shape 300x10000 --shape 4x65535 --shape 2x200001 --shape 3x1048576 --shape 1x4194304 --shape 16x8192"
for dir in "" --backward; do
  ( LD_LIBRARY_PATH=$N timeout 200 compute-sanitizer --tool synccheck --error-exitcode 99 $N/smax-bench --no-overhead --quiet --reps 2 --batch-ms 0 \
      --max-seconds 0.001 --rotate-mb 0 --algo auto $dir --dtype f32 $SB > $L/san-synccheck-f32$dir.txt 2>&1; echo "exit $?" >> $L/san-synccheck-f32$dir.txt ) &
done
wait
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -h 'ERROR SUMMARY' $f | tail -1) | $(grep -h 'runs:' $f | tail -1) | $(tail -1 $f)"; grep -h "L1K\|L1 \|L1R" $f | awk '{print "   ", $0}' | head -8; done
t synccheck
printf "8192 50257\n1024 262144\n6710 10000\n" > /tmp/peer6.txt
P() { local tag=$1; shift; local d=$OUT/peers-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout $((330 - SECONDS)) python3 bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit 7a46521 --out $d --impl smax-auto,torch,triton --reps 10 --budget 1.0 --shapes /tmp/peer6.txt "$@" > $d/peers.txt 2>&1
  t "peers $tag: exit $?"; grep -E "^\| [0-9]+x" $d/*.md | head -3; }
P f32-bwd --dtype f32 --backward
P bf16-bwd --dtype bf16 --backward
P bf16 --dtype bf16
P f16 --dtype f16
t end
