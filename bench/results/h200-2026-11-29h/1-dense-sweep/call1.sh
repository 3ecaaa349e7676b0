#!/usr/bin/env bash
# call 1 (twenty-third session, H200): main 1127527, dense sweeps for cliffs: columns 128..2^20 at 2^25 elements
# (1/6 octave, even steps on 64-element multiples, odd steps odd), rows 1..8192 of 32000; smax-bench auto, copy per shape.
set -u
S=/tmp; for b in m23; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m23 1127527 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
N=$S/stage-m23
R() { local tag=$1 lim=$2; shift 2
  [ $SECONDS -gt 560 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout $lim $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --csv $L/$tag.csv "$@" > $L/$tag.txt 2>&1
  t "$tag exit $?"; awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s; ", s, $NF} /FAIL/{print "FAIL", $0}' $L/$tag.txt; echo; }
R cols-f32 150 --dtype f32 --shapes .dev/sweep-dense-cols.txt
R cols-bf16 120 --dtype bf16 --shapes .dev/sweep-dense-cols.txt
R cols-f32-bwd 150 --backward --dtype f32 --shapes .dev/sweep-dense-cols.txt
R rows-f32 60 --dtype f32 --shapes .dev/sweep-dense-rows.txt
R cols-bf16-bwd 120 --backward --dtype bf16 --shapes .dev/sweep-dense-cols.txt
R rows-bf16 50 --dtype bf16 --shapes .dev/sweep-dense-rows.txt
R rows-f32-bwd 60 --backward --dtype f32 --shapes .dev/sweep-dense-rows.txt
R cols-f16 100 --dtype f16 --shapes .dev/sweep-dense-cols.txt
t end
