#!/usr/bin/env bash
# call 2 (2026-11-28, fifteenth session, H200): x1 = e6aa92b + plan hooks (as call 1); x2 = x1 + f32 chunks held
# on-chip keep their exponentials in phase 2 and phase 3 multiplies them by one factor of the chunk
# (SMAX_HELD_REKEEPS). (a) ABBA f32 forward auto, % of copy: x1, x2, x2 + SMAX_EXP_FIT=1 (the share counts each
# group's fixed bytes); (b) ncu of f32 256 x 262144 in x1 and x2; (c) conformance of x2's f32 forward (default, large),
# also with SMAX_CLUSTERS=0 (the device-memory exchange); (d) compute-sanitizer memcheck, racecheck on x2's held rows.
set -u
S=/tmp; for b in x1 x2; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "x1=e6aa92b+hooks x2=x1+rekeep $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
R() { local b=$1 tag=$2 e=$3; shift 3; local N=$S/stage-$b
  [ $SECONDS -gt 330 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s; ", s, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
sh() { local c; for c in "$@"; do printf -- "--shape %dx%d " $(( (1 << 26) / c )) $c; done; }
( for tool in memcheck racecheck; do for e in X=0 SMAX_CLUSTERS=0; do
    N=$S/stage-x2; tg=$tool-$e
    env $e LD_LIBRARY_PATH=$N timeout 200 compute-sanitizer --tool $tool --error-exitcode 99 $N/smax-bench --no-overhead --quiet --reps 2 --batch-ms 0 \
        --max-seconds 0.001 --rotate-mb 0 --algo auto --dtype f32 --shape 5x262144 --shape 3x50257 --shape 9x65535 --shape 2x1048576 > $L/san-$tg.txt 2>&1; echo "exit $?" >> $L/san-$tg.txt
  done; done ) &
SAN=$!
i=0
for be in x1:X=0 x2:X=0 x2:SMAX_EXP_FIT=1 x2:SMAX_EXP_FIT=1 x2:X=0 x1:X=0; do i=$((i+1)); b=${be%%:*}; e=${be#*:}
  R $b a$i-$b-f32-$e $e --dtype f32 $(sh 262144 128256 50257 65536 28000 1048576) --shape 1024x262144 --shape 256x1048576
  R $b a$i-$b-f32log-$e $e --log --dtype f32 $(sh 262144)
  t a$i
done
for b in x1 x2; do N=$S/stage-$b; tag=ncu-$b
  LD_LIBRARY_PATH=$N timeout 25 ncu --clock-control none --kernel-name regex:smax_ --launch-skip 2 --launch-count 1 --section SpeedOfLight --section Occupancy \
    --metrics smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,dram__bytes_read.sum,dram__bytes_write.sum \
    $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --algo auto --dtype f32 --shape 256x262144 > $L/$tag.txt 2>&1
  echo "$tag: $(grep -E 'DRAM Throughput|Duration|Achieved Occupancy|issue_active|inst_executed|dram__bytes' $L/$tag.txt | tr -s ' ' | tr '\n' ';')"
done
t ncu
N=$S/stage-x2
for e in X=0 SMAX_CLUSTERS=0; do
  ( env $e LD_LIBRARY_PATH=$N timeout $((560 - SECONDS)) $N/smax_conformance --variant 'fwd f32->f32' > $L/conf-$e.txt 2>&1; echo "exit $?" >> $L/conf-$e.txt ) &
  ( env $e LD_LIBRARY_PATH=$N timeout $((560 - SECONDS)) $N/smax_conformance --large --only large --variant 'fwd f32->f32' > $L/conf-large-$e.txt 2>&1; echo "exit $?" >> $L/conf-large-$e.txt ) &
done
wait
for f in $L/conf-*.txt; do echo "$(basename $f): $(grep -E '^[0-9]+ passed' $f | tail -1) | $(tail -1 $f)"; done
grep -h "FAIL" $L/conf-*.txt | head -10
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -h 'ERROR SUMMARY\|RACECHECK SUMMARY' $f | tail -1) | $(tail -1 $f)"; done
t end
