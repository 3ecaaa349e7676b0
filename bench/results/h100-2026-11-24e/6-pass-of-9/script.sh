#!/usr/bin/env bash
# H100 call 6 (session 2026-11-24 14:16): base = a2b273d; p8 = a row pass of 9 slots a lane beside
# the one of 8 (widths 8, 9, 10, 11, 12, 13, 14, 16): rows of 9 a lane (65, 129, 257, 513 columns)
# had taken the pass of 10; call 4's pass of 9 in place of 8 tested every slot (only rows of 1-7
# columns take fewer than 9 a lane, so the pass of 8 stays for them and the one of 9 tests only its
# last slot). Two alternating rounds; CUDA conformance of p8's 16-bit variants.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
run() { # variant tag args...
  local v=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 200 .dev/stage/ab/$v/smax-bench --algo auto "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
}
S="--shape 250000x65 --shape 125000x129 --shape 64000x257 --shape 32000x513 --shape 250000x127 --shape 100000x333 --shape 300000x100 --shape 30000x1001 --shape 120000x250 --shape 16000x1025"
for round in 1 2; do
  for v in base p8; do
    run $v r$round-$v-bf16 --dtype bf16 $S
    run $v r$round-$v-bwd-bf16 --backward --dtype bf16 $S
  done
done
t "A/B done"
N=$PWD/.dev/stage/ab/p8
for v in 'fwd bf16->bf16' 'fwd f16->f16' 'bwd y,dy:bf16 dx:bf16' 'fwd f32->bf16'; do
  tag=conf-$(echo "$v" | tr -c 'a-z0-9' '_')
  ( LD_LIBRARY_PATH=$N timeout 200 $N/smax_conformance --variant "$v" > $logs/$tag.txt 2>&1; echo "exit $?" >> $logs/$tag.txt ) &
done
wait
for f in $logs/conf-*.txt; do echo "$(basename $f): $(tail -2 $f | tr '\n' ' ')"; done
t "conformance done"
