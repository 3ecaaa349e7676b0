#!/usr/bin/env bash
# H100 call 7 (session 2026-11-24 05:16). The gradient's flat tiles (smax_bwd_fused_tile): A/B against
# the register kernel (base = main 4ed05ef; new = working tree, forward as 282fbc7). Then conformance of
# new on CUDA (the 9 gradient variants), racecheck over the bf16 gradient's shapes, and the OpenCL
# (NVIDIA's OpenCL) and HIP-on-NVIDIA builds of the working tree over every variant.
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
S="--shape 300000x100 --shape 200000x150 --shape 150000x196 --shape 100000x333 --shape 30000x1001 --shape 2000000x13"
M="--shape 300000x100 --shape 200000x150"
for round in 1 2; do
  for v in base new; do
    run $v r$round-$v-bwd-bf16 --backward --dtype bf16 $S
  done
  t "round $round done"
done
for v in base new; do
  run $v $v-bwd-f16 --backward --dtype f16 $M
  run $v $v-bwd-bf16f32 --backward --dtype bf16,f32 $M
  run $v $v-bwd-f32bf16 --backward --dtype f32,bf16 $M
  run $v $v-bwd-bf16-log --backward --log --dtype bf16 $M
  run $v $v-fwd-bf16 --dtype bf16 $M
done
t "dtypes done"
N=$PWD/.dev/stage/ab/new
mkdir -p $logs/conf $logs/san $logs/ocl $logs/hipnv
( LD_LIBRARY_PATH=$N timeout 300 compute-sanitizer --tool racecheck $N/smax_conformance --only shapes --variant 'bwd y,dy:bf16 dx:bf16' > $logs/san/racecheck.txt 2>&1; echo "exit $?" >> $logs/san/racecheck.txt ) &
( LD_LIBRARY_PATH=$N timeout 300 compute-sanitizer --tool memcheck $N/smax_conformance --only shapes --variant 'bwd y,dy:bf16 dx:bf16+bwd y,dy:bf16 dx:f32' > $logs/san/memcheck.txt 2>&1; echo "exit $?" >> $logs/san/memcheck.txt ) &
mapfile -t vs < <(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n 's/^variants: //p' | grep -o "'[^']*'" | tr -d "'")
i=0
for v in "${vs[@]}"; do
  f=$(printf %02d $i)
  case "$v" in bwd*) ( LD_LIBRARY_PATH=$N timeout 250 $N/smax_conformance --variant "$v" > $logs/conf/$f.txt 2>&1; echo "exit $?" >> $logs/conf/$f.txt ) & ;; esac
  ( LD_LIBRARY_PATH=$PWD/.dev/stage/ocl timeout 280 .dev/stage/ocl/smax_conformance --variant "$v" > $logs/ocl/$f.txt 2>&1; echo "exit $?" >> $logs/ocl/$f.txt ) &
  ( LD_LIBRARY_PATH=$PWD/.dev/stage/hipnv timeout 280 .dev/stage/hipnv/smax_conformance --variant "$v" > $logs/hipnv/$f.txt 2>&1; echo "exit $?" >> $logs/hipnv/$f.txt ) &
  i=$((i+1))
done
wait
sum() { cat "$@" | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}'; }
t "CUDA conformance, gradient variants: $(sum $logs/conf/*.txt)"
t "OpenCL on NVIDIA conformance: $(sum $logs/ocl/*.txt); $(grep -h '^device:' $logs/ocl/00.txt | cut -c1-100)"
t "HIP on NVIDIA conformance: $(sum $logs/hipnv/*.txt)"
grep -L "exit 0" $logs/conf/*.txt $logs/ocl/*.txt $logs/hipnv/*.txt | head
grep -h -m2 FAIL $logs/conf/*.txt $logs/ocl/*.txt $logs/hipnv/*.txt | head -10
for tool in racecheck memcheck; do
  t "$tool: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|hazards displayed|^[0-9]+ passed' $logs/san/$tool.txt | tr '\n' ' ') $(tail -1 $logs/san/$tool.txt)"
done
