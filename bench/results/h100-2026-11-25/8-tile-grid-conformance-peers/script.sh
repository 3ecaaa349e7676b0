#!/usr/bin/env bash
# H100 call 8 (session 2026-11-25 01:13): cand = main 97878e2 + plan.c's tile_fills_grid_rows (16-bit
# forward rows on the vector grid as flat tiles where the register kernel would fill under 15/16 of its
# slots; call 7). Conformance, default tier, of the four forward variants of 16-bit x and y on CUDA,
# OpenCL on NVIDIA and HIP on NVIDIA, one process each; beside them compute-sanitizer racecheck (CUDA)
# over the shapes group of forward bf16; then the peers at the bf16 sweep's widths that the rule moves.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree (cand); $(date -u)"
S=/tmp/stage; for v in cand ocl hipnv; do mkdir -p $S/$v; tar xJf .dev/stage/x/$v.txz -C $S/$v; done
N=$S/cand
( LD_LIBRARY_PATH=$N timeout 540 compute-sanitizer --tool racecheck --error-exitcode 99 \
    $N/smax_conformance --only shapes --variant 'fwd bf16->bf16' > $logs/san-racecheck-fwd-bf16.txt 2>&1; echo "exit $?" >> $logs/san-racecheck-fwd-bf16.txt ) &
sp=$!
mkdir -p $logs/conf $logs/ocl $logs/hipnv
i=0; pids=()
for v in 'fwd f16->f16' 'fwd bf16->bf16' 'fwd f16->bf16' 'fwd bf16->f16'; do
  f=$(printf %02d $i)
  ( LD_LIBRARY_PATH=$N timeout 300 $N/smax_conformance --variant "$v" > $logs/conf/$f.txt 2>&1; echo "exit $?" >> $logs/conf/$f.txt ) & pids+=($!)
  ( LD_LIBRARY_PATH=$S/ocl timeout 300 $S/ocl/smax_conformance --variant "$v" > $logs/ocl/$f.txt 2>&1; echo "exit $?" >> $logs/ocl/$f.txt ) & pids+=($!)
  ( LD_LIBRARY_PATH=$S/hipnv timeout 300 $S/hipnv/smax_conformance --variant "$v" > $logs/hipnv/$f.txt 2>&1; echo "exit $?" >> $logs/hipnv/$f.txt ) & pids+=($!)
  i=$((i+1))
done
wait "${pids[@]}"
sum() { cat "$@" | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}'; }
t "CUDA conformance: $(sum $logs/conf/*.txt)"
t "OpenCL on NVIDIA conformance: $(sum $logs/ocl/*.txt)"
t "HIP on NVIDIA conformance: $(sum $logs/hipnv/*.txt)"
grep -L "exit 0" $logs/conf/*.txt $logs/ocl/*.txt $logs/hipnv/*.txt | head
grep -h -m2 FAIL $logs/conf/*.txt $logs/ocl/*.txt $logs/hipnv/*.txt | head -10
PY=/opt/torch/.venv/bin/python3
timeout 120 $PY bench/peer_bench.py --lib $N/libsmax.so.0 --support $N/libsmax_testsupport.so \
    --impl smax-auto,torch,triton --reps 7 --budget 0.4 --out $logs/peer-bf16 --dtype bf16 \
    --shape 174762x384 --shape 87381x768 --shape 58254x1152 --shape 43690x1536 --shape 65536x1024 > $logs/peer-bf16.txt 2>&1
t "peer bf16: exit $?"; sed -n '/^% of device/,/^effective/p' $logs/peer-bf16.txt
wait $sp
f=$logs/san-racecheck-fwd-bf16.txt
t "racecheck fwd bf16: $(tail -1 $f): $(grep -E 'SUMMARY' $f | tail -1) $(grep -E '^[0-9]+ passed' $f | tail -1)"
t end
