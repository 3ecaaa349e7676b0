#!/usr/bin/env bash
# H100 call 8 (session 2026-11-24 14:16): the session's final kernels (main, see the commit line). compute-sanitizer
# (racecheck, synccheck, memcheck, initcheck) over the shapes group of the forward bf16 variant and
# (racecheck, memcheck) of the gradient's bf16 variant, the tile kernels' shapes; beside them the
# large tier (--only large --large) of CUDA, OpenCL on NVIDIA and HIP on NVIDIA, one process a variant.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
S=$PWD/.dev/stage
N=$S/cuda
san() { # tool variant tag
  ( LD_LIBRARY_PATH=$N timeout 400 compute-sanitizer --tool $1 --error-exitcode 99 \
    $N/smax_conformance --only shapes --variant "$2" > $logs/san-$3.txt 2>&1; echo "exit $?" >> $logs/san-$3.txt ) &
}
for tool in racecheck synccheck memcheck initcheck; do san $tool 'fwd bf16->bf16' $tool-fwd; done
for tool in racecheck memcheck; do san $tool 'bwd y,dy:bf16 dx:bf16' $tool-bwd; done
sum() { cat "$@" | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}'; }
conf() { # tag build args...
  local tag=$1 B=$S/$2; shift 2
  mkdir -p $logs/$tag
  mapfile -t vs < <(LD_LIBRARY_PATH=$B $B/smax_conformance --help 2>&1 | sed -n 's/^variants: //p' | grep -o "'[^']*'" | tr -d "'")
  local i=0 pids=()
  for v in "${vs[@]}"; do
    f=$(printf %02d $i)
    ( LD_LIBRARY_PATH=$B timeout 170 $B/smax_conformance --variant "$v" "$@" > $logs/$tag/$f.txt 2>&1; echo "exit $?" >> $logs/$tag/$f.txt ) &
    pids+=($!)
    i=$((i+1))
  done
  wait "${pids[@]}"
  t "conformance $tag: $(sum $logs/$tag/*.txt)"
  grep -L "exit 0" $logs/$tag/*.txt | head -3
  grep -h -B2 -A6 -m2 FAIL $logs/$tag/*.txt | head -20
}
conf cuda-large cuda --only large --large
conf opencl-large ocl --only large --large
conf hipnv-large hipnv --only large --large
wait
for f in $logs/san-*.txt; do
  t "$(basename $f .txt): $(tail -1 $f): $(grep -E 'SUMMARY' $f | tail -1) $(grep -E '^[0-9]+ passed' $f | tail -1)"
done
t end
