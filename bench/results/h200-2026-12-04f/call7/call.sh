#!/usr/bin/env bash
# call 7 (fifty-first session, H200): call 6's source counters put cu's exchange on bulk copies (SYNCS...TRYWAIT) and
# hn's on cp.async (DEPBAR), both waiting longest after the exchange's barrier. Is hn's gap at 8-16 chunks the keep?
# nb = CUDA built without bulk copies (cp.async keeps, as hn; 80ab43f), all with SMAX_CLUSTERS=0, rounds cu nb hn hn nb cu.
set -u
S=/tmp; for n in cu nb hn; do tar xJf .dev/stage/$n.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
echo "c51-7; $(date -u)"
export SMAX_CLUSTERS=0
for v in cu nb hn hn nb cu; do B=$S/stage-$v; f=$L/$v-$SECONDS.txt
  LD_LIBRARY_PATH=$B timeout 80 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --dtype f32 --backward --shape 4096x32768 --shape 2048x65536 --shape 1024x131072 --shape 1024x262144 > $f 2>&1
  echo "== f32 $v: $(grep -A1 -E '^[0-9]+x[0-9]+ ' $f | grep auto | awk '{print $NF}' | tr '\n' ' ')"
done
for v in cu nb hn; do B=$S/stage-$v; f=$L/bf16-$v-$SECONDS.txt
  LD_LIBRARY_PATH=$B timeout 80 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --dtype bf16 --backward --shape 2048x65536 --shape 1024x131072 > $f 2>&1
  echo "== bf16 $v: $(grep -A1 -E '^[0-9]+x[0-9]+ ' $f | grep auto | awk '{print $NF}' | tr '\n' ' ')"
done
