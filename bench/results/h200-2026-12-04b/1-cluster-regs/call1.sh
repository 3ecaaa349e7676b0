#!/usr/bin/env bash
# call 1 (forty-seventh session, H200): r47 = main 800dfe5 + the forward register cluster kernel
# (kernels/smax_multiblock_cluster_regs.h, common/plan.c plan_cluster_regs). A = SMAX_CLUSTER_REGS=0 (main's plans),
# B = the rule (unset), F = SMAX_CLUSTER_REGS=1 (wherever it holds the chunk, any rows). A B B A at few rows;
# F against A at more rows; conformance of the forward under F; compute-sanitizer under F.
set -u
S=/tmp; for s in r47; do [ -f .dev/stage/$s.txz ] && tar xJf .dev/stage/$s.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "r47; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
B=$S/stage-r47
R() { local tag=$1; shift
  LD_LIBRARY_PATH=$B timeout 120 $B/smax-bench --no-overhead --quiet --reps 40 --max-seconds 0.15 "$@" > $L/$tag.txt 2>&1; echo "rc=$?" >> $L/$tag.txt
  echo "== $tag"; grep -E "^[0-9]+x[0-9]+|FAIL|rror|rc=[1-9]" $L/$tag.txt | head -40; }
FEW="--shape 4x32000 --shape 8x32000 --shape 16x32000 --shape 32x32000 --shape 48x32000 --shape 64x32000 --shape 32x50257 --shape 32x65536 --shape 1x131072 --shape 4x131072 --shape 8x65536"
for v in A B B A; do
  if [ $v = A ]; then E="SMAX_CLUSTER_REGS=0"; else E="X=1"; fi
  t "few rows $v"
  export E; env $E bash -c "$(declare -f R); B=$B L=$L
  R f32-$v-\$SECONDS --algo auto --dtype f32 $FEW
  R bf16-$v-\$SECONDS --algo auto --dtype bf16 $FEW
  R f16-$v-\$SECONDS --algo auto --dtype f16 --shape 32x32000 --shape 16x32000 --shape 1x131072
  R log-$v-\$SECONDS --algo auto --log --dtype f32 --shape 32x32000 --shape 16x32000 --shape 1x131072
  R f32bf16-$v-\$SECONDS --algo auto --dtype f32,bf16 --shape 32x32000"
done
MORE="--shape 96x32000 --shape 128x32000 --shape 256x32000 --shape 64x65536 --shape 128x131072 --shape 1024x32768"
for v in A F F A; do
  if [ $v = A ]; then E="SMAX_CLUSTER_REGS=0"; else E="SMAX_CLUSTER_REGS=1"; fi
  t "more rows $v"
  env $E bash -c "$(declare -f R); B=$B L=$L
  R mf32-$v-\$SECONDS --algo auto --dtype f32 $MORE
  R mbf16-$v-\$SECONDS --algo auto --dtype bf16 $MORE"
done
t "conformance, forward, SMAX_CLUSTER_REGS=1"
for g in special layout shapes values dtypes; do
  [ $((SECONDS-t0)) -gt 470 ] && break
  SMAX_CLUSTER_REGS=1 LD_LIBRARY_PATH=$B timeout 100 $B/smax_conformance --variant fwd --only $g > $L/conf-$g.txt 2>&1; echo "conf $g rc=$?"; tail -2 $L/conf-$g.txt
done
t "compute-sanitizer, SMAX_CLUSTER_REGS=1"
for tool in racecheck synccheck memcheck; do
  [ $((SECONDS-t0)) -gt 560 ] && break
  for sh in "--dtype f32 --shape 32x32000" "--dtype bf16 --shape 7x100003"; do
  SMAX_CLUSTER_REGS=1 LD_LIBRARY_PATH=$B timeout 40 compute-sanitizer --tool $tool --print-limit 5 $B/smax-bench --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 --algo auto $sh > $L/san-$tool.txt 2>&1; echo "$tool $sh rc=$?"; grep -E "ERROR SUMMARY|RACECHECK SUMMARY|FAIL" $L/san-$tool.txt | head -3
  done
done
t end
