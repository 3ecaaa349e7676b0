#!/usr/bin/env bash
# call 7 (forty-seventh session, H200): t47 = main 9e9cc53 + globaltimer stamps in the forward cluster kernel
# (trace.diff: start, partial known, cluster total known, written; device printf). Timelines at rows of 32000.
# (.dev/calls/trc.py is kept beside this script as trc.py; the line below is as it ran.)
set -u
S=/tmp; tar xJf .dev/stage/t47.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "t47; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
B=$S/stage-t47
T() { local tag=$1 g=$2; shift 2
  LD_LIBRARY_PATH=$B timeout 60 $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.001 --batch-ms 0.02 --algo auto "$@" > $L/tr-$tag-g$g.txt 2>&1
  echo "$tag rc=$? $(grep -c ^TRC $L/tr-$tag-g$g.txt) lines; $(grep -A1 -E '^[0-9]+x[0-9]+ ' $L/tr-$tag-g$g.txt | awk '/copy/{c=$(NF-2)} /auto/{printf "auto %s us, copy %s us", $(NF-2), c}')"; }
T f32-8 128 --dtype f32 --shape 8x32000
T f32-32 160 --dtype f32 --shape 32x32000
T f32-64 192 --dtype f32 --shape 64x32000
T f32-128 384 --dtype f32 --shape 128x32000
T f32-256 768 --dtype f32 --shape 256x32000
T bf16-512 1024 --dtype bf16 --shape 512x32000
python3 .dev/calls/trc.py $L/tr-*.txt
t end
