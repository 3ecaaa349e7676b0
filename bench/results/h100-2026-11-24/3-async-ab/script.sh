#!/usr/bin/env bash
# H100 call 3 (session 2026-11-24 00:20). Issue 9: the on-chip kernels (fused from on-chip memory and
# the one-launch multi-block) keep their rows with cp.async, every vector of an item in flight at once
# (ncu of main: 19% of the one-launch kernel's stall samples wait on the register loads of the keep
# pass, 24% at the barrier behind the exchange). base = main b1053ca, new = working tree. A/B in
# alternating rounds, then CUDA conformance of new (default tier) and compute-sanitizer over it.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
run() { # variant tag args...
  local v=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 60 .dev/stage/ab/$v/smax-bench --algo auto "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $2" "$3"/"$NF"%"}' | tr '\n' ' ')"
}
F="--shape 512x65536 --shape 128x262144 --shape 512x128256 --shape 1024x50257 --shape 2048x16384 --shape 1024x32768 --shape 32x32000"
H="--shape 512x65536 --shape 256x131072 --shape 2048x16384 --shape 4096x8192"
for round in 1 2; do
  for v in base new; do
    [ $((SECONDS-start)) -lt 230 ] || break 2
    run $v r$round-$v-f32 --dtype f32 $F
    run $v r$round-$v-bf16 --dtype bf16 $H
  done
done
t "A/B done"
N=$PWD/.dev/stage/ab/new
mkdir -p $logs/conf
mapfile -t vs < <(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n 's/^variants: //p' | grep -o "'[^']*'" | tr -d "'")
i=0
for v in "${vs[@]}"; do
  f=$(printf %02d $i)
  ( LD_LIBRARY_PATH=$N timeout 150 $N/smax_conformance --variant "$v" > $logs/conf/$f.txt 2>&1; echo "exit $?" >> $logs/conf/$f.txt ) &
  i=$((i+1))
done
wait
sum() { cat "$@" | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}'; }
t "conformance new, default tier, ${#vs[@]} variants: $(sum $logs/conf/*.txt)"
grep -L "exit 0" $logs/conf/*.txt | head
grep -h -B2 -A6 -m2 FAIL $logs/conf/*.txt | head -30
for tool in memcheck racecheck synccheck; do
  [ $((SECONDS-start)) -lt 480 ] || break
  LD_LIBRARY_PATH=$N timeout 60 compute-sanitizer --tool $tool --error-exitcode 99 \
    $N/smax_conformance --only special --variant 'fwd f32->f32+fwd bf16->bf16' > $logs/san-$tool.txt 2>&1
  t "$tool (special, fwd f32+bf16): exit $?: $(grep -E 'SUMMARY' $logs/san-$tool.txt | tail -1) $(grep -E '^[0-9]+ passed' $logs/san-$tool.txt | tail -1)"
done
t end
