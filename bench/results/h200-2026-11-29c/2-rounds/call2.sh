#!/usr/bin/env bash
# call 2 (2026-11-29, eighteenth session, H200): cy = ccb27eb + knobs + rounds (.dev/exp-s18b.patch): the device-memory
# exchange's groups take SMAX_EXP_ROUNDS_FWD/BWD tickets each and keep two chunks at once (the next one loaded and
# published before the wait for the row of the one before); none set = main's plans and kernels' paths.
# (a) smax-bench auto over the rows past on-chip memory: m (rounds 1), rounds 2, 4, 8; with chunks of 64 bytes an item
# (same on-chip memory a group as main's one chunk); rounds where clusters ran (NOCL). (b) compute-sanitizer memcheck,
# racecheck, synccheck of the rounds kernels; (c) CUDA conformance, default tier, every variant, with NOCL + rounds 2,
# and large tier f32 forward and gradient with rounds 3.
set -u
S=/tmp; for b in cy; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "cy: ccb27eb + knobs + rounds $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
R() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b
  [ $SECONDS -gt 270 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s; ", s, $4, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
sh() { local c; for c in "$@"; do printf -- "--shape %dx%d " $(( (1 << 26) / c )) $c; done; }
set1() { R cy $1-bwdf32 --backward --dtype f32 $(sh 50257 128256 262144 1048576 65536)
  R cy $1-bwdbf16 --backward --dtype bf16 $(sh 50257 128256 262144 1048576)
  R cy $1-fwd --dtype f32 $(sh 1048576 262144 128256)
  R cy $1-fwdbf16 --dtype bf16 $(sh 1048576 262144); t $1; }
set1 m1
SMAX_EXP_ROUNDS_FWD=2 SMAX_EXP_ROUNDS_BWD=2 set1 r2
SMAX_EXP_ROUNDS_FWD=4 SMAX_EXP_ROUNDS_BWD=4 set1 r4
SMAX_EXP_ROUNDS_FWD=8 SMAX_EXP_ROUNDS_BWD=8 set1 r8
SMAX_EXP_XB_FWD=64 SMAX_EXP_XB_BWD=64 SMAX_EXP_ROUNDS_FWD=4 SMAX_EXP_ROUNDS_BWD=4 set1 h64r4
SMAX_EXP_NOCL_FWD=1 SMAX_EXP_NOCL_BWD=1 SMAX_EXP_ROUNDS_FWD=4 SMAX_EXP_ROUNDS_BWD=4 set1 noclr4
SMAX_EXP_ROUNDS_FWD=4 SMAX_EXP_ROUNDS_BWD=4 set1 r4b
set1 m2
N=$S/stage-cy
SMAX_EXP_TRACE=1 SMAX_EXP_ROUNDS_FWD=2 SMAX_EXP_ROUNDS_BWD=2 LD_LIBRARY_PATH=$N $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --algo auto --dtype f32 $(sh 262144) --backward 2>&1 | grep coop: | sort | uniq -c | head -3
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$N timeout $((585 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
export SMAX_EXP_NOCL_FWD=1 SMAX_EXP_NOCL_BWD=1
for tr in memcheck:3 racecheck:2 synccheck:2; do tool=${tr%:*} r=${tr#*:}; for a in "--dtype f32" "--dtype bf16" "--dtype f32 --backward" "--dtype bf16,f32 --backward" "--dtype f16 --log"; do
  C cy san-r$r-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') env SMAX_EXP_TRACE=1 SMAX_EXP_ROUNDS_FWD=$r SMAX_EXP_ROUNDS_BWD=$r compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --algo auto $a --shape 12x40000 --shape 5x30001 --shape 3x65536; done; done
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
while IFS= read -r v; do C cy c-r2-$(echo "$v" | tr -c 'a-z0-9' '_') env SMAX_EXP_ROUNDS_FWD=2 SMAX_EXP_ROUNDS_BWD=2 $N/smax_conformance --variant "$v"; done <<< "$V"
unset SMAX_EXP_NOCL_FWD SMAX_EXP_NOCL_BWD
C cy cl-r3-fwd env SMAX_EXP_ROUNDS_FWD=3 $N/smax_conformance --large --only large --variant 'fwd f32->f32'
C cy cl-r3-bwd env SMAX_EXP_ROUNDS_BWD=3 $N/smax_conformance --large --only large --variant 'bwd y,dy:f32 dx:f32'
t queued
wait
cat $L/c-r2-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "CUDA r2 nocl default: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
for f in $L/c*.txt; do echo "$(basename $f): $(grep -E '^[0-9]+ passed' $f | tail -1) | $(tail -1 $f)"; done
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -c 'rounds [23]' $f) rounds launches | $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|SYNCCHECK SUMMARY' $f | tail -1) | $(tail -1 $f)"; done
grep -h "FAIL" $L/c*.txt | head -10
t end
