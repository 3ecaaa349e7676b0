#!/usr/bin/env bash
# H100 call 5 (session 2026-11-24 00:20): f24fcfc (cp.async keep, forward clusters by default).
# (1) A/B base (b1053ca) vs new defaults, forward and backward, alternating; (2) conformance default tier:
# CUDA, CUDA with SMAX_CLUSTERS=0, HIP on NVIDIA; CUDA large tier; (3) compute-sanitizer over the
# forward cluster path (special, f32 + bf16 + f16->f32).
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "$(cat .dev/commit); $(date -u)"
run() { # variant tag args...
  local v=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 60 .dev/stage/ab/$v/smax-bench --algo auto "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $2" "$3"/"$NF"%"}' | tr '\n' ' ')"
}
F="--shape 512x65536 --shape 128x262144 --shape 512x128256 --shape 1024x50257 --shape 32x32000"
H="--shape 512x65536 --shape 256x131072 --shape 4096x8192"
B="--shape 1024x32768 --shape 512x65536"
for round in 1 2; do
  for v in base new; do
    run $v r$round-$v-f32 --dtype f32 $F
    run $v r$round-$v-bf16 --dtype bf16 $H
    run $v r$round-$v-bwd-f32 --backward --dtype f32 $B
    run $v r$round-$v-bwd-bf16 --backward --dtype bf16 $B
  done
done
t "A/B done"
sum() { cat "$@" | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}'; }
conf() { # tag stage env args...
  local tag=$1 N=$PWD/.dev/stage/ab/$2 e=$3; shift 3
  mkdir -p $logs/$tag
  mapfile -t vs < <(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n 's/^variants: //p' | grep -o "'[^']*'" | tr -d "'")
  local i=0
  for v in "${vs[@]}"; do
    f=$(printf %02d $i)
    ( env $e LD_LIBRARY_PATH=$N timeout 200 $N/smax_conformance --variant "$v" "$@" > $logs/$tag/$f.txt 2>&1; echo "exit $?" >> $logs/$tag/$f.txt ) &
    i=$((i+1))
  done
  wait
  t "conformance $tag: $(sum $logs/$tag/*.txt)"
  grep -L "exit 0" $logs/$tag/*.txt | head -3
  grep -h -B2 -A6 -m2 FAIL $logs/$tag/*.txt | head -20
}
conf cuda new SMAX_NONE=1
conf cuda-coop new SMAX_CLUSTERS=0
conf hip hip SMAX_NONE=1
conf cuda-large new SMAX_NONE=1 --only large --large
N=$PWD/.dev/stage/ab/new
for tool in racecheck synccheck memcheck initcheck; do
  [ $((SECONDS-start)) -lt 540 ] || break
  LD_LIBRARY_PATH=$N timeout 60 compute-sanitizer --tool $tool --error-exitcode 99 \
    $N/smax_conformance --only special --variant 'fwd f32->f32+fwd bf16->bf16+fwd f16->f32' > $logs/san-$tool.txt 2>&1
  t "$tool (special, fwd f32+bf16+f16->f32): exit $?: $(grep -E 'SUMMARY' $logs/san-$tool.txt | tail -1) $(grep -E '^[0-9]+ passed' $logs/san-$tool.txt | tail -1)"
done
t end
