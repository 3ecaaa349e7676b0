#!/usr/bin/env bash
# call 4 (fifty-second session, H200): call 3's two cells where hp trailed hm, again in rounds hm hp hp hm:
# bf16 forward 32 x 32000 (63.8 -> 52.8, one round) and f32 gradient 1024 x 262144 (82.8 -> 79.4).
set -u
S=/tmp; for n in hm hp; do tar xJf .dev/stage/$n.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
echo "c52-4; $(date -u)"
t0=$SECONDS
for v in hm hp hp hm; do B=$S/stage-$v
  f=$L/bf16-fwd-$v-$SECONDS.txt
  LD_LIBRARY_PATH=$B timeout 40 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --dtype bf16 --shape 32x32000 > $f 2>&1
  echo "== bf16 fwd 32x32000 $v: $(grep -A1 -E '^[0-9]+x[0-9]+ ' $f | grep -E 'auto|FAIL' | awk '{print $NF}' | tr '\n' ' ') [$((SECONDS-t0)) s]"
  f=$L/f32-bwd-$v-$SECONDS.txt
  LD_LIBRARY_PATH=$B timeout 40 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --dtype f32 --backward --shape 1024x262144 > $f 2>&1
  echo "== f32 bwd 1024x262144 $v: $(grep -A1 -E '^[0-9]+x[0-9]+ ' $f | grep -E 'auto|FAIL' | awk '{print $NF}' | tr '\n' ' ') [$((SECONDS-t0)) s]"
done
