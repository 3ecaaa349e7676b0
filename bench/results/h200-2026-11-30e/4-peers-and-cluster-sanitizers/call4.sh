#!/usr/bin/env bash
# call 4 (twenty-eighth session, H200): (a) peers beside n32 (the commit's kernels and plans): peer_bench, log-softmax
# bf16 and f16 at tile and on-chip widths, smax auto / torch / Triton, % of copy in the same run; (b) what the cluster
# kernel's racecheck warnings and synccheck abort (main and n32 alike, call 3) point at: the SASS at the reported
# offsets (cuobjdump of main's library), synccheck and memcheck of f32 rows on the cluster kernel and beside it.
set -u
S=/tmp; for b in c29 n32; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "c29 (main) / n32 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
P=/opt/torch/.venv/bin/python3; N=$S/stage-n32
$P -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)"
PB() { local tag=$1 lim=$2; shift 2; local d=$L/peers-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit n32-working-tree --out $d --impl smax-auto,torch,triton --reps 7 --budget 0.5 "$@" > $d/peers.txt 2>&1
  t "peers $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
PB logbf16 80 --log --dtype bf16 --shape 231409x145 --shape 146525x229 --shape 92436x363 --shape 73423x457 --shape 1016800x33
PB logf16 50 --log --dtype f16 --shape 231409x145 --shape 146525x229 --shape 29203x1149
M=$S/stage-c29
which cuobjdump nvdisasm; CU=$(which cuobjdump || ls /usr/local/cuda*/bin/cuobjdump 2>/dev/null | head -1)
for k in smax_mb_cluster_bf16_bf16 smax_mb_cluster_f32_f32; do
  $CU -sass -fun $k $M/libsmax.so > $L/sass-$k.txt 2>&1
  echo "$k: $(wc -l < $L/sass-$k.txt) lines"; grep -E '/\*0(7[4-9a-f]|8[0-9a-f]|9[0-4])0\*/' $L/sass-$k.txt | head -40; done
C() { local b=$1 tag=$2; shift 2; ( LD_LIBRARY_PATH=$S/stage-$b timeout 120 "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & }
B="--no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0"
C c29 sync-f32-cl compute-sanitizer --tool synccheck $M/smax-bench $B --algo auto --dtype f32 --shape 9x16384
C c29 mem-f32-cl compute-sanitizer --tool memcheck $M/smax-bench $B --algo auto --dtype f32 --shape 9x16384 --shape 3x65536
C c29 sync-f32-cl-one compute-sanitizer --tool synccheck $M/smax-bench $B --algo auto --dtype f32 --shape 2x32768
C c29 sync-f32-big compute-sanitizer --tool synccheck $M/smax-bench $B --algo auto --dtype f32 --shape 8x262144 --shape 300x50000
C c29 sync-f32-fused compute-sanitizer --tool synccheck $M/smax-bench $B --algo fused,online --dtype f32 --shape 9x16384
C c29 race-bf16-cl-info compute-sanitizer --tool racecheck --racecheck-report all --print-level info $M/smax-bench $B --algo auto --dtype bf16 --shape 9x16384
wait; t "sanitizers"
for f in $L/sync-*.txt $L/mem-*.txt $L/race-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(grep -E '^ +auto|^ +fused|^ +online' $f | awk '{print $2, $3, $4, $5, $6, $7}' | tr '\n' ';') $(tail -1 $f)"; done
grep -h -A2 "Race reported\|Warning\|Error" $L/race-*.txt | head -20
t end
