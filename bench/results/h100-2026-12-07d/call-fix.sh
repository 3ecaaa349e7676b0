#!/usr/bin/env bash
# call-fix.sh (H100 or H200; say which; prepared, not run): cu-prod2 = this record's last library commit (93ab2a9's
# guard: rows off the 16-byte grid planned without registers; with SMAX_TEST_OFF_GRID_REGS=1 they keep the kernel,
# which holds their chunks element by element), built by build-fix.sh with cu-head (d510cc0). The conformance suite's
# layout and shapes groups over the f32 gradients, with the guard and without it (the test switch), then A B at three
# shapes if time is left.
# Run: END=100 bash bench/results/h100-2026-12-07d/call-fix.sh (carry .dev/stage/cu-head.txz, cu-prod2.txz)
set -u
R=bench/results/h100-2026-12-07d; S=/tmp; END=${END:-100}
for b in cu-head cu-prod2; do rm -rf $S/stage-$b; tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; left() { echo $((END-(SECONDS-t0))); }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
N=$S/stage-cu-prod2
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | sed "s/' '/+/g; s/'//g" | tr + '\n' | grep "bwd y,dy:f32" | paste -sd+)
for t in 0 1; do for g in layout shapes; do
  SMAX_TEST_OFF_GRID_REGS=$t LD_LIBRARY_PATH=$N timeout 30 $N/smax_conformance --only $g --variant "$V" > $L/conf-$g-$t.txt 2>&1
  echo "exit $?" >> $L/conf-$g-$t.txt
  echo "[$SECONDS s] SMAX_TEST_OFF_GRID_REGS=$t conformance --only $g ($V): $(grep -c FAIL $L/conf-$g-$t.txt) FAIL lines; $(tail -2 $L/conf-$g-$t.txt | tr '\n' ' ')"
done; done
for c in A P; do
  [ $(left) -lt 15 ] && { echo "$c: skipped (time)"; continue; }
  b=cu-head; [ $c = P ] && b=cu-prod2; tag=$c-$SECONDS
  LD_LIBRARY_PATH=$S/stage-$b timeout 15 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.15 --algo auto \
    --backward --dtype f32 --shape 256x1048576 --shape 64x2097152 --shape 1x1048576 > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %s %s %s%%; ", s, $3, $4, $i, $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"
done
echo "[$((SECONDS-t0)) s] end"
