#!/usr/bin/env bash
# H100 call 12 (session 2026-11-24 22:29): main a2f6e61 (x = its CUDA build) vs acq = the cluster
# kernels' transaction-barrier wait with the default CTA-scope acquire instead of cluster scope (no L1
# invalidation after each try_wait). (A) two alternating rounds at the table's cluster shapes;
# (B) CUDA conformance of acq, every variant, default tier; (C) compute-sanitizer racecheck and synccheck
# of acq over the shapes group, f32 forward and gradient.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + kernels/smax_dialect.h (acq); $(date -u)"
S=/tmp/stage; for v in cand acq; do mkdir -p $S/$v; tar xJf .dev/stage/x/$v.txz -C $S/$v; done
run() { # tag lib args
  local tag=$1 lib=$2; shift 2
  LD_LIBRARY_PATH=$S/$lib timeout 200 $S/cand/smax-bench --algo auto --no-overhead --quiet --reps 5 --max-seconds 0.3 "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
}
FF="--shape 1024x262144 --shape 4096x128256 --shape 8192x50257 --shape 32x32000"
BB="--shape 8192x32768 --shape 4096x65536 --shape 1024x262144 --shape 4096x128256 --shape 32x32000"
echo "fwd: 1024x262144 4096x128256 8192x50257 32x32000 | bwd: 8192x32768 4096x65536 1024x262144 4096x128256 32x32000"
for round in 1 2; do
  for v in cand acq; do
    run r$round-$v-fwd-f32 $v --dtype f32 $FF
    run r$round-$v-fwd-bf16 $v --dtype bf16 $FF
    run r$round-$v-bwd-f32 $v --backward --dtype f32 $BB
    run r$round-$v-bwd-bf16 $v --backward --dtype bf16 $BB
  done
  t "round $round"
done
N=$S/acq
mkdir -p $logs/conf
mapfile -t vs < <(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n 's/^variants: //p' | grep -o "'[^']*'" | tr -d "'")
i=0
for v in "${vs[@]}"; do
  ( LD_LIBRARY_PATH=$N timeout 250 $N/smax_conformance --variant "$v" > $logs/conf/$(printf %02d $i).txt 2>&1; echo "exit $?" >> $logs/conf/$(printf %02d $i).txt ) &
  i=$((i+1))
done
wait
sum() { cat "$@" | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}'; }
t "CUDA conformance (acq): $(sum $logs/conf/*.txt)"
grep -L "exit 0" $logs/conf/*.txt | head -3
for tool in racecheck synccheck; do
  for v in 'fwd f32->f32' 'bwd y,dy:f32 dx:f32'; do
    tag=san-$tool-$(echo "$v" | cut -c1-3)
    ( LD_LIBRARY_PATH=$N timeout 250 compute-sanitizer --tool $tool --error-exitcode 99 $N/smax_conformance --only shapes --variant "$v" > $logs/$tag.txt 2>&1; echo "exit $?" >> $logs/$tag.txt ) &
  done
done
wait
for f in $logs/san-*.txt; do t "$(basename $f .txt): $(tail -1 $f): $(grep -E 'SUMMARY' $f | tail -1) $(grep -E '^[0-9]+ passed' $f | tail -1)"; done
t end
