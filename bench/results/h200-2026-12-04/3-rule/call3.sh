#!/usr/bin/env bash
# call 3 (forty-sixth session, H200): y46 = the committed rule (common/plan.c exchange_stagger) for the gradient's
# device-memory exchange; SMAX_STAGGER=0 turns it off (A), unset is the rule (B). A B B A on CUDA; HIP on NVIDIA
# (hy46) where built; CUDA conformance of the gradient with SMAX_STAGGER=1 (every row gated); compute-sanitizer.
set -u
S=/tmp; for s in y46 hy46; do [ -f .dev/stage/$s.txz ] && tar xJf .dev/stage/$s.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "y46; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 120 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.08 "$@" > $L/$tag.txt 2>&1; echo "rc=$?" >> $L/$tag.txt
  echo "== $tag"; grep -E "^[0-9]+x[0-9]+|auto|FAIL|rror|rc=" $L/$tag.txt | grep -v "^worst" | head -40; }
G32="--shape 256x1048576 --shape 256x600000 --shape 512x393216 --shape 1024x262144 --shape 32x1048576"
G16="--shape 256x2097152 --shape 256x1048576 --shape 512x524288"
R warm y46 --algo auto --dtype f32 --shape 64x128 > /dev/null
for v in A B B A; do
  if [ $v = A ]; then E="SMAX_STAGGER=0"; else E="X=1"; fi
  t "cuda $v"
  env $E bash -c "$(declare -f R); S=$S L=$L
  R g32-$v-\$SECONDS y46 --backward --algo auto --dtype f32 $G32
  R g16-$v-\$SECONDS y46 --backward --algo auto --dtype bf16 $G16
  R gl-$v-\$SECONDS y46 --backward --log --algo auto --dtype f32 --shape 256x1048576
  R gh-$v-\$SECONDS y46 --backward --algo auto --dtype f16 --shape 256x1048576"
done
if [ -d $S/stage-hy46 ]; then
  for v in A B B A; do
    if [ $v = A ]; then E="SMAX_STAGGER=0"; else E="X=1"; fi
    t "hip $v"
    env $E bash -c "$(declare -f R); S=$S L=$L; R h-$v-\$SECONDS hy46 --backward --algo auto --dtype f32 --shape 256x1048576 --shape 1024x262144; R h16-$v-\$SECONDS hy46 --backward --algo auto --dtype bf16 --shape 256x2097152"
  done
fi
t "conformance, SMAX_STAGGER=1, gradient variants"
B=$S/stage-y46
for g in special; do
  SMAX_CLUSTERS=0 SMAX_STAGGER=1 LD_LIBRARY_PATH=$B timeout 90 $B/smax_conformance --expect-cooperative --variant bwd --only $g > $L/conf-$g.txt 2>&1; echo "conf $g rc=$?"; tail -3 $L/conf-$g.txt
done
t "compute-sanitizer, SMAX_STAGGER=1, f32 gradient 8x300000 (74 chunks a row, every row gated)"
for tool in racecheck synccheck memcheck; do
  [ $((SECONDS-t0)) -gt 500 ] && break
  SMAX_STAGGER=1 LD_LIBRARY_PATH=$B timeout 60 compute-sanitizer --tool $tool --print-limit 5 $B/smax-bench --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 --algo auto --backward --dtype f32 --shape 8x300000 > $L/san-$tool.txt 2>&1; echo "$tool rc=$?"; grep -E "ERROR SUMMARY|RACECHECK SUMMARY|auto|FAIL" $L/san-$tool.txt | head -4
done
t end
