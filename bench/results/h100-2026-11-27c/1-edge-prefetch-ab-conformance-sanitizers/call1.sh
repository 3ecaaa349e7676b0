#!/usr/bin/env bash
# call 1 (2026-11-27c): (a) branch next-edge-prefetch ("edge") against main 327b3f3 ("main"), ABBA, at rows
# off the 16-byte grid and aligned controls; (b) one bench run with time stamps (where the host's time goes);
# (c) the edge build's conformance, all 18 variants, default and large tiers; (d) compute-sanitizer's four
# tools on the edge build at misaligned one-launch rows (cluster and exchange), both directions.
set -u
S=/tmp; for f in .dev/stage/*.tgz; do tar xzf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
R() { local tag=$1 b=$2 envs=$3; shift 3; local N=$S/stage-$b
  env $envs LD_LIBRARY_PATH=$N timeout 150 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  awk -v t="$tag" '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{$1=""; print t, s, $0} /FAILED verification/ && $5!=0 {print t, "FAILED", $0}' $L/$tag.txt; }
B32="--shape 2048x50257 --shape 256x262143 --shape 512x65535 --shape 512x65536"
B16="--shape 2048x50257 --shape 2048x50256"
F32="--shape 2048x50257 --shape 256x262143 --shape 256x262144"
F16="--shape 2048x50257 --shape 512x131071"
i=0
for b in main edge edge main; do i=$((i+1))
  R a$i-bwd-f32-$b $b "" --backward --dtype f32 $B32
  R a$i-bwd-bf16-$b $b "" --backward --dtype bf16 $B16
  R a$i-fwd-f32-$b $b "" --dtype f32 $F32
  R a$i-fwd-bf16-$b $b "" --dtype bf16 $F16
  t a$i
done
if [ $SECONDS -lt 260 ]; then for b in main edge; do R a5-bwd-f32-$b $b "" --backward --dtype f32 --shape 8192x50257; done; fi
t a
N=$S/stage-edge
LD_LIBRARY_PATH=$N $N/smax-bench --no-overhead --reps 5 --max-seconds 0.1 --algo auto --backward --dtype f32 --shape 2048x50257 2>&1 | while IFS= read -r l; do echo "$EPOCHREALTIME $l"; done > $L/b-stamps.txt
t b
for tool in memcheck racecheck initcheck synccheck; do
  for d in f32 bf16; do for dir in "" --backward; do
  ( LD_LIBRARY_PATH=$N timeout $((560 - SECONDS)) compute-sanitizer --tool $tool --error-exitcode 99 $N/smax-bench --no-overhead --quiet --reps 2 --batch-ms 0 --max-seconds 0.001 --rotate-mb 0 --algo auto $dir --dtype $d --shape 4x65535 --shape 2x200001 --shape 512x65535 > $L/san-$tool-$d$dir.txt 2>&1; echo "exit $?" >> $L/san-$tool-$d$dir.txt ) &
  done; done
done
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
throttle() { while [ "$(jobs -rp | wc -l)" -ge 14 ]; do sleep 1; done; }
for tier in default large; do
  while IFS= read -r v; do
    throttle
    tag=$tier-$(echo "$v" | tr -c 'a-z0-9' '_'); o=""; [ $tier = large ] && o="--only large"
    ( LD_LIBRARY_PATH=$N timeout $((575 - SECONDS)) $N/smax_conformance $o --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) &
  done <<< "$V"
done
wait
for tier in default large; do for dir in fwd bwd; do
  cat $L/$tier-${dir}*.txt | awk -v b="$tier $dir" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done
grep -l '^exit [^0]' $L/default-*.txt $L/large-*.txt
grep -h "FAIL" $L/default-*.txt $L/large-*.txt | head -10
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -h 'ERROR SUMMARY\|RACECHECK SUMMARY' $f | tail -1) | $(grep -h 'runs:' $f) | $(tail -1 $f)"; done
t end
