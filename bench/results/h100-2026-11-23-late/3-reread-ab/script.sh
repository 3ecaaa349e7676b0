#!/usr/bin/env bash
# H100 call 3 (session 2026-11-23 21:37). Issue 9: rows past on-chip memory in one cooperative
# launch that streams each chunk, exchanges partials and re-reads the chunk last-first from L2
# (kernels/smax_multiblock_reread.h). base = c569b32 (three launches, phase 3 in order);
# new:0 = this tree with the re-read off (three launches, phase 3 last-first: 4f21dba);
# new:S = re-read for rows up to S x L2. Alternating rounds. Then conformance of this build by
# variant: default tier, and the forward variants with SMAX_TEST_REREAD=1; then compute-sanitizer
# memcheck/racecheck/synccheck over the re-read kernel.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { # variant share tag dtype-args...
  local v=$1 sh=$2 tag=$3; shift 3
  SMAX_DEV_REREAD_SHARE=$sh LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 60 .dev/stage/ab/$v/smax-bench --algo auto "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $(NF-1)"/"$NF"%"}' | tr '\n' ' ')"
}
F="--shape 1x8388608 --shape 1x16777216 --shape 1x33554432 --shape 4x8388608 --shape 1x67108864"
H="--shape 1x16777216 --shape 1x33554432 --shape 2x16777216 --shape 1x67108864"
for round in 1 2; do
  for vs in base:2 new:0 new:2 new:8; do
    v=${vs%:*}; sh=${vs#*:}
    [ $((SECONDS-start)) -lt 170 ] || break 2
    run $v $sh r$round-$v$sh-f32 --dtype f32 $F
    run $v $sh r$round-$v$sh-bf16 --dtype bf16 $H
  done
done
t "A/B done"
grep -h "^ *auto\|plan" $logs/r1-new8-f32.txt $logs/r1-new8-bf16.txt | head -12
N=$PWD/.dev/stage/ab/new
mkdir -p $logs/conf $logs/reread
mapfile -t vs < <(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n 's/^variants: //p' | grep -o "'[^']*'" | tr -d "'")
i=0
for v in "${vs[@]}"; do
  f=$(printf %02d $i)
  ( LD_LIBRARY_PATH=$N timeout 250 $N/smax_conformance --variant "$v" > $logs/conf/$f.txt 2>&1; echo "exit $?" >> $logs/conf/$f.txt ) &
  case "$v" in fwd*)
  ( SMAX_TEST_REREAD=1 LD_LIBRARY_PATH=$N timeout 250 $N/smax_conformance --variant "$v" --only special > $logs/reread/$f-special.txt 2>&1; echo "exit $?" >> $logs/reread/$f-special.txt
    SMAX_TEST_REREAD=1 LD_LIBRARY_PATH=$N timeout 120 $N/smax_conformance --variant "$v" --only layout > $logs/reread/$f-layout.txt 2>&1; echo "exit $?" >> $logs/reread/$f-layout.txt ) & ;;
  esac
  i=$((i+1))
done
wait
sum() { cat "$@" | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}'; }
t "conformance, default tier, ${#vs[@]} variants in parallel: $(sum $logs/conf/*.txt)"
grep -L "exit 0" $logs/conf/*.txt | head
t "SMAX_TEST_REREAD=1, special+layout, forward variants: $(sum $logs/reread/*.txt)"
grep -L "exit 0" $logs/reread/*.txt | head
for tool in memcheck racecheck synccheck; do
  SMAX_TEST_REREAD=1 LD_LIBRARY_PATH=$N timeout 100 compute-sanitizer --tool $tool --error-exitcode 99 \
    $N/smax_conformance --only special --variant 'fwd f32->f32+fwd bf16->bf16' > $logs/san-$tool.txt 2>&1
  t "$tool (SMAX_TEST_REREAD=1, special, fwd f32+bf16): exit $?: $(grep -E 'SUMMARY' $logs/san-$tool.txt | tail -1) $(grep -E '^[0-9]+ passed' $logs/san-$tool.txt | tail -1)"
done
