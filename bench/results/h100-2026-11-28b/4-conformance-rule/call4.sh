#!/usr/bin/env bash
# call 4 (2026-11-28, tenth session), main 6ae35a0 (a row that fits one group is a cluster where a unit holds fewer than
# three): conformance of the CUDA build, all 18 variants, default then large tier, as many as the device time left allows.
set -u
S=/tmp; tar xJf .dev/stage/cur.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
N=$S/stage-cur
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 18 ] && break; sleep 1; done; }
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
for tier in default large; do
  while IFS= read -r v; do
    throttle
    tag=c-$tier-$(echo "$v" | tr -c 'a-z0-9' '_'); o=""; [ $tier = large ] && o="--only large"
    ( LD_LIBRARY_PATH=$N timeout $((255 - SECONDS)) $N/smax_conformance $o --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!)
  done <<< "$V"
  t "queued $tier"
done
wait
for tier in default large; do for dir in fwd bwd; do
  cat $L/c-$tier-${dir}*.txt | awk -v b="cuda $tier $dir" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
t end
