#!/usr/bin/env bash
# H100 call 5 (session 2026-11-25 01:13): cand as call 4. The large tier (--only large --large) of CUDA,
# OpenCL on NVIDIA and HIP on NVIDIA, one process a variant; beside them compute-sanitizer (CUDA)
# initcheck over the shapes group of the forward bf16 variant.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree (cand); $(date -u)"
S=/tmp/stage; for v in cand ocl hipnv; do mkdir -p $S/$v; tar xJf .dev/stage/x/$v.txz -C $S/$v; done
N=$S/cand
( LD_LIBRARY_PATH=$N timeout 500 compute-sanitizer --tool initcheck --error-exitcode 99 \
    $N/smax_conformance --only shapes --variant 'fwd bf16->bf16' > $logs/san-initcheck-fwd-bf16.txt 2>&1; echo "exit $?" >> $logs/san-initcheck-fwd-bf16.txt ) &
sum() { cat "$@" | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}'; }
conf() { # tag build args...
  local tag=$1 B=$S/$2; shift 2
  mkdir -p $logs/$tag
  mapfile -t vs < <(LD_LIBRARY_PATH=$B $B/smax_conformance --help 2>&1 | sed -n 's/^variants: //p' | grep -o "'[^']*'" | tr -d "'")
  local i=0 pids=()
  for v in "${vs[@]}"; do
    f=$(printf %02d $i)
    ( LD_LIBRARY_PATH=$B timeout 200 $B/smax_conformance --variant "$v" "$@" > $logs/$tag/$f.txt 2>&1; echo "exit $?" >> $logs/$tag/$f.txt ) &
    pids+=($!)
    i=$((i+1))
  done
  wait "${pids[@]}"
  t "conformance $tag: $(sum $logs/$tag/*.txt)"
  grep -L "exit 0" $logs/$tag/*.txt | head -3
  grep -h -B2 -A6 -m2 FAIL $logs/$tag/*.txt | head -20
}
conf cuda-large cand --only large --large
conf opencl-large ocl --only large --large
conf hipnv-large hipnv --only large --large
wait
for f in $logs/san-*.txt; do
  t "$(basename $f .txt): $(tail -1 $f): $(grep -E 'SUMMARY' $f | tail -1) $(grep -E '^[0-9]+ passed' $f | tail -1)"
done
t end
