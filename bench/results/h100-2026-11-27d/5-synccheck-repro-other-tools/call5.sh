#!/usr/bin/env bash
# call 5 (2026-11-27, fourth session): the repro's failing configurations (call 3: modes 2, 4, 5 at 32 KB a group,
# clusters of 16 and 14) under memcheck, racecheck and initcheck, and synccheck again.
set -u
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
X=.dev/sync/repro
for cfg in "2 16 512 32" "4 16 512 32" "5 16 512 32" "4 14 512 32"; do
  tag=$(echo $cfg | tr ' ' _); line="repro $cfg |"
  for tool in memcheck racecheck initcheck synccheck; do
    timeout 60 compute-sanitizer --tool $tool --error-exitcode 99 $X $cfg > $L/repro-$tool-$tag.txt 2>&1; echo "exit $?" >> $L/repro-$tool-$tag.txt
    line="$line $tool: $(grep -h 'ERROR SUMMARY' $L/repro-$tool-$tag.txt | sed 's/=* //') $(grep -h '^mode' $L/repro-$tool-$tag.txt | sed 's/.*sync /sync /') $(tail -1 $L/repro-$tool-$tag.txt) |"
  done
  echo "$line"
done
