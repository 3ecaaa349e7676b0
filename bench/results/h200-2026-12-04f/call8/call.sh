#!/usr/bin/env bash
# call 8 (fifty-first session, H200): call 3's loop (groups over chunks, call3/dev-loop-groups.diff) on CUDA sm_90, whose
# exchange kernels are held to 40 registers where they keep by bulk copies: lp (main + the patch) against cu (main),
# rows past a cluster (the exchange runs there by default) and, with SMAX_CLUSTERS=0, 8 chunks. Rounds cu lp lp cu.
set -u
S=/tmp; for n in cu lp; do tar xJf .dev/stage/$n.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
echo "c51-8; $(date -u)"
for v in cu lp lp cu; do B=$S/stage-$v; f=$L/$v-$SECONDS.txt; f1=$f
  LD_LIBRARY_PATH=$B timeout 80 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --dtype f32 --backward --shape 1024x262144 --shape 512x393216 --shape 256x1048576 > $f 2>&1
  echo "== f32 bwd $v: $(grep -A1 -E '^[0-9]+x[0-9]+ ' $f | grep -E 'auto' | awk '{print $4"/"$(NF-4)"/"$NF}' | tr '\n' ' ')"
  f=$L/$v-b-$SECONDS.txt
  LD_LIBRARY_PATH=$B timeout 60 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --dtype bf16 --backward --shape 512x524288 > $f 2>&1
  LD_LIBRARY_PATH=$B timeout 60 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --dtype f32 --shape 256x1048576 >> $f 2>&1
  SMAX_CLUSTERS=0 LD_LIBRARY_PATH=$B timeout 60 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --dtype f32 --backward --shape 4096x32768 >> $f 2>&1
  echo "== bf16 bwd 512x524288, f32 fwd 256x1M, f32 bwd 4096x32768 no clusters $v: $(grep -A1 -E '^[0-9]+x[0-9]+ ' $f | grep -E 'auto' | awk '{print $4"/"$(NF-4)"/"$NF}' | tr '\n' ' ')"
  cat $f1 $f | grep -E "runs:" | sort | uniq -c
done
