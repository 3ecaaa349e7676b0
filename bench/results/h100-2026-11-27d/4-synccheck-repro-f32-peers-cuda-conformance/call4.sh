#!/usr/bin/env bash
# call 4 (2026-11-27, fourth session): (a) the synccheck repro at last without any exchange: modes 0 (nothing) and 1
# (a cluster barrier only) at 32 KB a group, several groups a compute unit (call 3: modes 2, 4, 5 ended with an
# illegal address under synccheck there, clean plain); (b) the f32 forward peer table at d511068 (CUDA build):
# bench/peer_bench.py, smax auto vs torch vs Triton, % of copy in the same run, bench/shapes/peer.txt; (c) as time
# allows, the CUDA build's conformance (default tier).
set -u
S=/tmp; for f in .dev/stage/cuda.tgz; do tar xzf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
X=.dev/sync/repro
for cfg in "0 16 512 32" "1 16 512 32" "0 16 8 32" "1 16 8 32" "1 14 512 32" "0 8 512 32" "1 16 512 200"; do
  tag=$(echo $cfg | tr ' ' _)
  timeout 20 $X $cfg > $L/repro-plain-$tag.txt 2>&1; echo "exit $?" >> $L/repro-plain-$tag.txt
  timeout 60 compute-sanitizer --tool synccheck --error-exitcode 99 $X $cfg > $L/repro-sync-$tag.txt 2>&1; echo "exit $?" >> $L/repro-sync-$tag.txt
  timeout 60 compute-sanitizer --tool memcheck --error-exitcode 99 $X $cfg > $L/repro-mem-$tag.txt 2>&1; echo "exit $?" >> $L/repro-mem-$tag.txt
  echo "repro $cfg | plain: $(grep -h '^mode' $L/repro-plain-$tag.txt) $(tail -1 $L/repro-plain-$tag.txt) | synccheck: $(grep -h 'ERROR SUMMARY' $L/repro-sync-$tag.txt) $(grep -h '^mode' $L/repro-sync-$tag.txt | sed 's/.*sync /sync /') $(tail -1 $L/repro-sync-$tag.txt) | memcheck: $(grep -h 'ERROR SUMMARY' $L/repro-mem-$tag.txt) $(tail -1 $L/repro-mem-$tag.txt)"
done
t repro
python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)"
N=$S/stage-cuda; d=$L/peers-f32; mkdir -p $d
PYTHONUNBUFFERED=1 timeout $((560 - SECONDS)) python3 bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
  --commit $(cat .dev/commit | cut -d' ' -f1) --dtype f32 --out $d --impl smax-auto,torch,triton --reps 10 --budget 1.0 > $d/peers.txt 2>&1
t "peer_bench f32: exit $?"
# (c) as time allows: the CUDA build's conformance at d511068, all variants, default tier
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
throttle() { while [ "$(jobs -rp | wc -l)" -ge 14 ]; do sleep 1; done; }
if [ $SECONDS -lt 420 ]; then
  while IFS= read -r v; do
    throttle
    tag=c-default-$(echo "$v" | tr -c 'a-z0-9' '_')
    ( LD_LIBRARY_PATH=$N timeout $((570 - SECONDS)) $N/smax_conformance --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) &
  done <<< "$V"
  wait
  for dir in fwd bwd; do
    cat $L/c-default-${dir}*.txt | awk -v b="cuda default $dir" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
  done
fi
t end
