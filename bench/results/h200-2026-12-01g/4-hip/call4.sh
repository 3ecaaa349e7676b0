#!/usr/bin/env bash
# call 4 (thirty-seventh session): HIP on NVIDIA at 8dfd3e3 (hw: built for sm_90 only, SMAX_HIP_NVIDIA_ARCHS=90,
# so that the staged library and the tree pass the device tool's carry limit), conformance under
# SMAX_TEST_SPLIT=2 --expect-split --variant "fwd f32" (special, layout, shapes) and the default tier of the three
# fwd f32 variants.
set -u
S=/tmp; tar xJf .dev/stage/hw.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "hw $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 14 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((400 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
for g in special layout shapes; do
  C hw c-hipwide-$g env SMAX_TEST_SPLIT=2 $S/stage-hw/smax_conformance --expect-split --variant "fwd f32" --only $g
done
for v in 'fwd f32->f32' 'fwd f32->f16' 'fwd f32->bf16'; do n=$(echo "$v" | tr -c 'a-z0-9' '_')
  C hw c-hip-$n $S/stage-hw/smax_conformance --variant "$v"
done
wait; t conformance
for b in hipwide hip; do cat $L/c-$b-*.txt 2>/dev/null | awk -v b="$b" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5; n2++} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d runs (%d finished), %d nonzero exits\n", b, p, f, s, n, n2, bad}'; done
grep -h "FAIL" $L/c-*.txt | head -10; grep -l "^exit [^0]" $L/c-*.txt
t end
