#!/usr/bin/env bash
# call1.sh: the gradient's device-memory exchange holding only part of each chunk (the rest streamed and re-read
# from the cache) so that a compute unit holds more rows at once: SMAX_DEV_HOLD_GROUPS=G holds what G groups a unit
# leave (development knob of the cu-k build, not main). Then next-call.sh's verification if time is left.
# Builds: cu-h = main e854e21's CUDA (main's CUDA kernels and plans), cu-k = main 436c6c0 + hold.diff.
# Run: END=540 bash bench/results/h100-2026-12-06g/call1.sh
#      (carry .dev/stage/cu-h.txz, .dev/stage/cu-k.txz, .dev/stage/ocl-m.txz, .dev/stage/hnv-s.txz)
set -u
R=bench/results/h100-2026-12-06g; S=/tmp; END=${END:-540}
for b in cu-h cu-k; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; left() { local l=$((END-(SECONDS-t0))); [ $l -gt ${1:-9999} ] && l=$1; echo $l; }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
SB() { local tag=$1 b=$2 shapes=$3; shift 3; local N=$S/stage-$b
  [ $(left) -lt 20 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout $(left 100) $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto --backward --shapes $shapes "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {printf "%s %s %s%%; ", s, $i, $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
for set in hold:f32 hold16:bf16; do IFS=: read -r f dt <<< "$set"
  for v in h k0 k4 k5 k6 k5 k0 h; do
    case $v in h) SB $f-$v cu-h $R/$f.txt --dtype $dt;;
      k0) SB $f-$v cu-k $R/$f.txt --dtype $dt;;
      *) SMAX_DEV_HOLD_GROUPS=${v#k} SB $f-$v cu-k $R/$f.txt --dtype $dt;; esac; done; done
echo "[$((SECONDS-t0)) s] hold"
# the plans (smax-bench prints them in its log)
grep -h "^ *auto" $L/hold-k5.txt | head -4
if [ $(left) -gt 150 ]; then mkdir -p $OUT/next; OUT=$OUT/next END=$(left) bash bench/results/h100-2026-12-06f/next-call.sh; echo "next-call.sh: $(tail -3 $OUT/next/summary.txt | tr '\n' ' ')"; fi
