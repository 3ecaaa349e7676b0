#!/usr/bin/env bash
# call-regs.sh (H100 or H200; say which): the f32 gradient's device-memory exchange with part of each chunk held in
# registers (regs-knob.diff: SMAX_DEV_BWD_REG_VECS vectors of y and dy an item, groups of 128, chunks of the
# exchange's on-chip share plus those) against main (cu-head). Builds: cu-rv5 (5 vectors, 80 registers), cu-rv4 (4,
# 80); each with its knob set (B5, B4), and cu-rv5 with the knob unset (C5: main's plans, the kernel holding its first
# 5 vectors in registers). A B5 B4 C5 C5 B4 B5 A over regs-bwd.txt, smax-bench --algo auto, % of copy in the same
# run; then the log-softmax gradient (verification), compute-sanitizer memcheck and racecheck, and the conformance
# suite's large tier of f32 gradients, each on cu-rv5 with its knob.
# Run: END=520 bash bench/results/h100-2026-12-07d/call-regs.sh (carry .dev/stage/cu-head.txz, cu-rv5.txz, cu-rv4.txz)
set -u
R=bench/results/h100-2026-12-07d; S=/tmp; END=${END:-520}
for b in cu-head cu-rv5 cu-rv4; do rm -rf $S/stage-$b; tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; left() { echo $((END-(SECONDS-t0))); }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
bench() { # name build knob args...
  local n=$1 b=$2 kv=$3; shift 3; local tag=$n-$SECONDS N=$S/stage-$b
  SMAX_DEV_BWD_REG_VECS=$kv LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.15 \
    --algo auto --dtype f32 --backward "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %s %s %s%%; ", s, $3, $4, $i, $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"
}
for c in A B5 B4 C5 C5 B4 B5 A; do
  [ $(left) -lt 150 ] && { echo "$c: skipped (time)"; continue; }
  case $c in A) b=cu-head kv=0;; B5) b=cu-rv5 kv=5;; B4) b=cu-rv4 kv=4;; C5) b=cu-rv5 kv=0;; esac
  bench $c $b $kv --shapes $R/regs-bwd.txt
done
bench B5-log cu-rv5 5 --log --shape 64x2097152 --shape 256x1048576 --shape 7x1048573 --shape 3x333333
N=$S/stage-cu-rv5
for tool in memcheck racecheck; do
  [ $(left) -lt 50 ] && { echo "$tool: skipped (time)"; continue; }
  SMAX_DEV_BWD_REG_VECS=5 LD_LIBRARY_PATH=$N timeout 45 compute-sanitizer --tool $tool --print-limit 5 --error-exitcode 99 \
    $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto --dtype f32 --backward \
    --shape 4x2097152 --shape 2x1048573 > $L/san-$tool.txt 2>&1; echo "exit $?" >> $L/san-$tool.txt
  echo "san-$tool: $(grep -hE "SUMMARY" $L/san-$tool.txt | tr '\n' ' ') $(grep -c " ok " $L/san-$tool.txt) ok; $(tail -1 $L/san-$tool.txt)"
done
if [ $(left) -gt 20 ]; then
  SMAX_DEV_BWD_REG_VECS=5 LD_LIBRARY_PATH=$N timeout $(($(left) - 10)) $N/smax_conformance --large \
    --variant 'bwd y,dy:f32 dx:f32+bwd y,dy:f32 dx:bf16' > $L/conf.txt 2>&1; echo "exit $?" >> $L/conf.txt
  echo "conformance (cu-rv5, knob 5, --large, f32 gradients): $(tail -2 $L/conf.txt | tr '\n' ' ')"
fi
echo "[$((SECONDS-t0)) s] end"
