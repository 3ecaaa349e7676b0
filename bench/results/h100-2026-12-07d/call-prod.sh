#!/usr/bin/env bash
# call-prod.sh (H100 or H200; say which): the landed form of call 1's B4 (cu-prod = b5045f9: the f32 gradient's
# exchange holding 4 vectors of y and dy an item in registers, smax_bwd_mb_onchip_regs, planned by
# exchange_regs_geometry), first checked on cu-prod: the conformance suite's f32 gradients with --large,
# compute-sanitizer memcheck and racecheck over moved plans; then A B B A against main before it (cu-head = d510cc0)
# over prod-bwd.txt (call 1's shapes and few-row plans it moves); then the log-softmax gradient and an f32 -> bf16 dx
# (verification). Cut to the session's last device time (two failed starts had taken 480 s).
# Run: END=280 bash bench/results/h100-2026-12-07d/call-prod.sh (carry .dev/stage/cu-head.txz, cu-prod.txz)
set -u
R=bench/results/h100-2026-12-07d; S=/tmp; END=${END:-280}
for b in cu-head cu-prod; do rm -rf $S/stage-$b; tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; left() { echo $((END-(SECONDS-t0))); }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
bench() { # name build args...
  local n=$1 b=$2; shift 2; local tag=$n-$SECONDS N=$S/stage-$b
  LD_LIBRARY_PATH=$N timeout 90 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.15 --algo auto \
    --backward "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %s %s %s%%; ", s, $3, $4, $i, $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"
}
N=$S/stage-cu-prod
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | sed "s/' '/+/g; s/'//g" | tr + '\n' | grep bwd)
F32=$(echo "$V" | grep "y,dy:f32" | paste -sd+)
LD_LIBRARY_PATH=$N timeout 90 $N/smax_conformance --large --variant "$F32" > $L/conf-f32.txt 2>&1
echo "exit $?" >> $L/conf-f32.txt; echo "[$SECONDS s] conformance (cu-prod, --large, $F32): $(tail -2 $L/conf-f32.txt | tr '\n' ' ')"
for tool in memcheck racecheck; do
  LD_LIBRARY_PATH=$N timeout 35 compute-sanitizer --tool $tool --print-limit 5 --error-exitcode 99 \
    $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto --dtype f32 --backward \
    --shape 4x2097152 --shape 2x1048573 --shape 1x262147 > $L/san-$tool.txt 2>&1; echo "exit $?" >> $L/san-$tool.txt
  echo "[$SECONDS s] san-$tool: $(grep -hE "SUMMARY" $L/san-$tool.txt | tr '\n' ' ') $(grep -c " ok " $L/san-$tool.txt) ok; $(tail -1 $L/san-$tool.txt)"
done
for c in A P P A; do
  [ $(left) -lt 40 ] && { echo "$c: skipped (time)"; continue; }
  b=cu-head; [ $c = P ] && b=cu-prod
  bench $c $b --dtype f32 --shapes $R/prod-bwd.txt
done
[ $(left) -gt 15 ] && bench P-log cu-prod --dtype f32 --log --shape 64x2097152 --shape 7x1048573 --shape 3x333333
[ $(left) -gt 10 ] && bench P-f32-bf16 cu-prod --dtype f32,bf16 --shape 64x2097152 --shape 5x1048573
echo "[$((SECONDS-t0)) s] end"
