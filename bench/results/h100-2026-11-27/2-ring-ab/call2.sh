#!/usr/bin/env bash
# call 2 (2026-11-27): the gradient's cluster ring (smax_bwd_mb_cluster_ring) against the
# group-per-chunk cluster (SMAX_DEV_NO_RING=1), same build, ABBA; results verified by smax-bench;
# compute-sanitizer on ring shapes; the default conformance tier of the gradient variants.
set -u
S=/tmp; for f in .dev/stage/*.tgz; do tar xzf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
N=$S/stage-cuda
B() { local tag=$1; shift; LD_LIBRARY_PATH=$N timeout 90 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --backward "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt; }
F32="--dtype f32 --shape 1024x262144 --shape 512x262144 --shape 128x262144 --shape 1024x200000 --shape 1024x262143 --shape 640x200001 --shape 7x262144"
B16="--dtype bf16 --shape 512x524288 --shape 256x524288 --shape 512x400000"
MIX="--dtype f32,bf16 --shape 512x262144"
for i in 1 2; do
  for v in ring none none ring; do
    [ $i = 2 ] && [ $SECONDS -gt 150 ] && break
    if [ $v = none ]; then export SMAX_DEV_NO_RING=1; else unset SMAX_DEV_NO_RING; fi
    B $v-f32-$i $F32; B $v-bf16-$i $B16
  done
done
unset SMAX_DEV_NO_RING
B ring-log --log --dtype f32 --shape 1024x262144 --shape 1024x262143
B ring-mix $MIX
t "A/B"
for f in $L/ring-f32-1.txt $L/none-f32-1.txt $L/ring-bf16-1.txt $L/none-bf16-1.txt $L/ring-log.txt $L/ring-mix.txt; do
  echo "== $(basename $f)"; grep -E "^[0-9]+x| auto " $f | awk '/^[0-9]/{s=$1} / auto /{print s, $0}' | cut -c1-150; tail -1 $f
done
echo "== all % copy (auto) per file"
for f in $L/ring-*.txt $L/none-*.txt; do printf "%s: " $(basename $f .txt); awk '/^[0-9]+x/{s=$1} $1=="auto"{printf "%s %s %s; ", s, $4, $(NF-1)}' $f; echo; done
t "sanitizers"
san() { local tool=$1 tag=$2; shift 2
  ( LD_LIBRARY_PATH=$N timeout 200 compute-sanitizer --tool $tool --error-exitcode 99 $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --algo auto --backward "$@" > $L/san-$tag.txt 2>&1; echo "exit $?" >> $L/san-$tag.txt ) &
}
san memcheck mem --dtype f32 --shape 20x262144 --shape 9x262143
san racecheck race --dtype f32 --shape 20x262144 --shape 9x262143
san synccheck sync --dtype bf16 --shape 20x524288
san initcheck init --dtype f32 --shape 20x262144
wait
for f in $L/san-*.txt; do t "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) $(tail -1 $f)"; done
left=$((560 - SECONDS)); t "conformance with $left s"
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
while IFS= read -r v; do
  tag=conf-$(echo "$v" | tr -c 'a-z0-9' '_')
  ( LD_LIBRARY_PATH=$N timeout $left $N/smax_conformance --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) &
done <<< "$V"
wait
cat $L/conf-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "cuda: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
grep -l '^exit [^0]' $L/conf-*.txt
grep -h "FAIL" $L/conf-*.txt | head -10
t end
