#!/usr/bin/env bash
# call 2 (2026-11-27b): (a) the gradient's clusters at 3 groups a unit (final build "cuda") against one
# (cudaknob, b4e11aa's rule), ABBA; (b) odd rows: clusters against the device-memory exchange
# (cudaknob, SMAX_CLUSTERS=0), gradient, one round; (c) 32 x 32000: cluster chunks forced
# (SMAX_DEV_CL_CHUNKS, cudaknob), one round; (d) the final build's gradient variants, default and
# large tiers; (e) compute-sanitizer's four tools on the gradient's exchange rows the new rule plans.
set -u
S=/tmp; for f in .dev/stage/*.tgz; do tar xzf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
R() { local tag=$1 b=$2 envs=$3; shift 3; local N=$S/stage-$b
  env $envs LD_LIBRARY_PATH=$N timeout 120 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  awk -v t="$tag" '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{$1=""; print t, s, $0} /FAILED verification/ && $5!=0 {print t, "FAILED", $0}' $L/$tag.txt; }
F="--shape 256x262144 --shape 128x262144 --shape 256x200000 --shape 256x262143"
H="--shape 128x524288 --shape 128x400000"
i=0
for b in cudaknob cuda cuda cudaknob; do i=$((i+1))
  R a$i-f32-$b $b "" --backward --dtype f32 $F
  R a$i-bf16-$b $b "" --backward --dtype bf16 $H
done
t a
for e in "" "SMAX_CLUSTERS=0"; do n=${e:-clusters}
  R b-f32-$n cudaknob "$e" --backward --dtype f32 --shape 512x65535 --shape 512x65536 --shape 2048x50257
  R b-bf16-$n cudaknob "$e" --backward --dtype bf16 --shape 2048x50257 --shape 2048x50256
done
t b
for c in "" 2 3 4 6 8 11 16; do
  e=""; [ -n "$c" ] && e="SMAX_DEV_CL_CHUNKS=$c"
  for d in f32 bf16; do
    R c-fwd-$d-c${c:-def} cudaknob "$e" --dtype $d --shape 32x32000 --shape 16x32000
    R c-bwd-$d-c${c:-def} cudaknob "$e" --backward --dtype $d --shape 32x32000 --shape 16x32000
  done
  [ $SECONDS -gt 260 ] && break
done
t c
N=$S/stage-cuda
for tool in memcheck racecheck initcheck synccheck; do
  ( LD_LIBRARY_PATH=$N timeout $((560 - SECONDS)) compute-sanitizer --tool $tool --error-exitcode 99 $N/smax-bench --no-overhead --quiet --reps 3 --batch-ms 0 --max-seconds 0.001 --rotate-mb 0 --algo auto --backward --dtype f32 --shape 4x262144 --shape 2x200000 > $L/san-$tool.txt 2>&1; echo "exit $?" >> $L/san-$tool.txt ) &
done
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'bwd[^']+'" | tr -d "'")
throttle() { while [ "$(jobs -rp | wc -l)" -ge 14 ]; do sleep 1; done; }
for tier in default large; do
  while IFS= read -r v; do
    throttle
    tag=$tier-$(echo "$v" | tr -c 'a-z0-9' '_'); o=""; [ $tier = large ] && o="--only large"
    ( LD_LIBRARY_PATH=$N timeout $((570 - SECONDS)) $N/smax_conformance $o --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) &
  done <<< "$V"
done
wait
for tier in default large; do
  cat $L/$tier-*.txt | awk -v b=$tier '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s bwd: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done
grep -l '^exit [^0]' $L/default-*.txt $L/large-*.txt
grep -h "FAIL" $L/default-*.txt $L/large-*.txt | head -10
for tool in memcheck racecheck initcheck synccheck; do echo "$tool: $(grep -h 'ERROR SUMMARY' $L/san-$tool.txt | tail -1) $(grep -h 'runs:' $L/san-$tool.txt) $(tail -1 $L/san-$tool.txt)"; done
t end
