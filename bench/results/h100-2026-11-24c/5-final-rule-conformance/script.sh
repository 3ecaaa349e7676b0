#!/usr/bin/env bash
# H100 call 5 (session 2026-11-24 05:16). The tile kernel's final form (no skipped slots) and plan rule:
# new = working tree (tiles for packed 16-bit rows off the vector grid, row slots of up to 64 items,
# 16 with an f32 side); newAll = the same kernel with tiles up to 256 items (both caps 256); base = main
# 4ed05ef. (1) A/B over longer rows and the mixed pairs; (2) CUDA conformance of new, default tier,
# one process per variant; (3) compute-sanitizer over the tile's variants.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
run() { # variant tag args...
  local v=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 60 .dev/stage/ab/$v/smax-bench --algo auto "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
}
S="--shape 300000x100 --shape 30000x1001 --shape 20000x1500 --shape 15000x2047 --shape 10000x2900 --shape 8000x4095"
M="--shape 300000x100 --shape 150000x196 --shape 60000x500 --shape 30000x1001"
for round in 1 2; do
  for v in base new newAll; do
    run $v r$round-$v-bf16 --dtype bf16 $S
  done
  t "round $round done"
done
for v in base new; do
  run $v $v-f16 --dtype f16 $S
  run $v $v-bf16f32 --dtype bf16,f32 $M
  run $v $v-f32bf16 --dtype f32,bf16 $M
  run $v $v-f16bf16 --dtype f16,bf16 --shape 300000x100 --shape 30000x1001
  run $v $v-f32 --dtype f32 --shape 300000x100 --shape 30000x1001
done
t "dtypes done"
N=$PWD/.dev/stage/ab/new
mkdir -p $logs/conf $logs/san
mapfile -t vs < <(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n 's/^variants: //p' | grep -o "'[^']*'" | tr -d "'")
i=0
for v in "${vs[@]}"; do
  f=$(printf %02d $i)
  ( LD_LIBRARY_PATH=$N timeout 200 $N/smax_conformance --variant "$v" > $logs/conf/$f.txt 2>&1; echo "exit $?" >> $logs/conf/$f.txt ) &
  i=$((i+1))
done
wait
sum() { cat "$@" | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}'; }
t "conformance new, default tier, ${#vs[@]} variants: $(sum $logs/conf/*.txt)"
grep -L "exit 0" $logs/conf/*.txt | head
grep -h -m2 FAIL $logs/conf/*.txt | head -10
V='fwd bf16->bf16+fwd bf16->f32+fwd f32->bf16'
for tool in memcheck racecheck synccheck initcheck; do
  ( LD_LIBRARY_PATH=$N timeout 240 compute-sanitizer --tool $tool $N/smax_conformance --only shapes --variant "$V" > $logs/san/$tool.txt 2>&1; echo "exit $?" >> $logs/san/$tool.txt ) &
done
wait
for tool in memcheck racecheck synccheck initcheck; do
  t "$tool: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|hazards displayed|^[0-9]+ passed' $logs/san/$tool.txt | tr '\n' ' ') $(tail -1 $logs/san/$tool.txt)"
done
