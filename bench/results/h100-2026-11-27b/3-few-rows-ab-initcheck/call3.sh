#!/usr/bin/env bash
# call 3 (2026-11-27b): few rows as clusters of at least 2 (new) or 3 (SMAX_DEV_FEW=3) groups a compute
# unit against b4e11aa's rule (cudaknob: chunks = ceil(units / rows)), ABC CBA; then compute-sanitizer
# initcheck again with smax-bench's pools zeroed past the input.
set -u
S=/tmp; for f in .dev/stage/*.tgz; do tar xzf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
R() { local tag=$1 b=$2 envs=$3; shift 3; local N=$S/stage-$b
  env $envs LD_LIBRARY_PATH=$N timeout 120 $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto "$@" > $L/$tag.txt 2>&1
  awk -v t="$tag" '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{$1=""; print t, s, $0} /FAILED verification/ && $5!=0 {print t, "FAILED", $0}' $L/$tag.txt; }
SH="--shape 32x32000 --shape 16x32000 --shape 8x32000 --shape 64x32000 --shape 16x65536 --shape 32x16384"
i=0
for cfg in "cudaknob:" "cuda:" "cuda:SMAX_DEV_FEW=3" "cuda:SMAX_DEV_FEW=3" "cuda:" "cudaknob:"; do i=$((i+1))
  b=${cfg%%:*}; e=${cfg#*:}; n=$b${e:+-few3}
  for d in f32 bf16; do
    R r$i-fwd-$d-$n $b "$e" --dtype $d $SH
    R r$i-bwd-$d-$n $b "$e" --backward --dtype $d $SH
  done
done
t ab
N=$S/stage-cuda
LD_LIBRARY_PATH=$N timeout 200 compute-sanitizer --tool initcheck --error-exitcode 99 $N/smax-bench --no-overhead --quiet --reps 3 --batch-ms 0 --max-seconds 0.001 --rotate-mb 0 --algo auto --backward --dtype f32 --shape 4x262144 --shape 2x200000 > $L/san-initcheck.txt 2>&1; echo "exit $?" >> $L/san-initcheck.txt
echo "initcheck: $(grep -h 'ERROR SUMMARY' $L/san-initcheck.txt | tail -1) $(grep -h 'runs:' $L/san-initcheck.txt) $(tail -1 $L/san-initcheck.txt)"
t end
