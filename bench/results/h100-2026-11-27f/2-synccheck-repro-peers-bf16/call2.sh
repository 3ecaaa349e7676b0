#!/usr/bin/env bash
# call 2 (2026-11-27, sixth session), main 9d2c13b: (a) the synccheck repro (h100-2026-11-27d) at the geometry of call 1's
# report (clusters of 9 groups, 16 clusters, 33 KB a group), modes 2 (exchange) and 4 (cp.async keep + exchange), under
# synccheck and plain; (b) the peer tables: bench/peer_bench.py, smax auto vs torch vs Triton, % of copy in the same run,
# bench/shapes/peer.txt: f32, bf16 and f16 forward, f32 and bf16 gradient.
set -u
S=/tmp; for f in .dev/stage/cuda.tgz; do tar xzf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
X=.dev/sync/repro
for cfg in "2 9 16 33" "4 9 16 33" "2 9 64 33" "4 8 16 33"; do
  tag=$(echo $cfg | tr ' ' _)
  timeout 20 $X $cfg > $L/repro-plain-$tag.txt 2>&1; echo "exit $?" >> $L/repro-plain-$tag.txt
  timeout 60 compute-sanitizer --tool synccheck --error-exitcode 99 $X $cfg > $L/repro-sync-$tag.txt 2>&1; echo "exit $?" >> $L/repro-sync-$tag.txt
  echo "repro $cfg | plain: $(grep -h '^mode' $L/repro-plain-$tag.txt) $(tail -1 $L/repro-plain-$tag.txt) | synccheck: $(grep -h 'ERROR SUMMARY' $L/repro-sync-$tag.txt) $(grep -h 'Barrier error\|Missing\|illegal' $L/repro-sync-$tag.txt | sort | uniq -c | tr '\n' ' ') $(tail -1 $L/repro-sync-$tag.txt)"
done
t repro
python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)"
N=$S/stage-cuda
P() { local tag=$1; shift; local d=$OUT/peers-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout $((585 - SECONDS)) python3 bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit $(cut -d' ' -f1 .dev/commit) --out $d --impl smax-auto,torch,triton --reps 10 --budget 1.0 "$@" > $d/peers.txt 2>&1
  t "peers $tag: exit $?"; }
P bf16 --dtype bf16
P f32-bwd --dtype f32 --backward
P bf16-bwd --dtype bf16 --backward
P f32 --dtype f32
P f16 --dtype f16
t end
