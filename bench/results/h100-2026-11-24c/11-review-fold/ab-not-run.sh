#!/usr/bin/env bash
# H100 call 12 (session 2026-11-24 05:16): A/B of the review fold in the same run: pre = commit ea943fc
# (call 9's kernels), new = ea943fc + the fold (call 11's). Two alternating rounds.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
echo "main $(cat .dev/commit) + working tree; $(date -u)"
for round in 1 2; do
  for v in pre new; do
    for a in "--dtype bf16" "--backward --dtype bf16"; do
      tag=r$round-$v-${a//[^a-z0-9]/_}
      LD_LIBRARY_PATH=$PWD/.dev/stage/$v timeout 60 .dev/stage/$v/smax-bench --algo auto $a --shape 300000x100 --shape 200000x150 --shape 100000x333 \
        --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
      echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
    done
  done
done
