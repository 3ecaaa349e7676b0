#!/usr/bin/env bash
# call 2: (a) globaltimer traces of the forward cluster kernel (tr = da21826 + stamps: start, max known, sum known,
# exchanged, written; SMAX_DEV_CHUNKS) at few-row shapes; (b) peer_bench (CUDA events, flushed L2) of smax-auto with
# forced chunk counts (ck) at few-row shapes.
set -u
S=/tmp; for b in tr ck; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "tr / ck $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
T() { local tag=$1; shift; local N=$S/stage-tr E=()
  while [[ "${1:-}" == *=* ]]; do E+=("$1"); shift; done
  env LD_LIBRARY_PATH=$N "${E[@]}" timeout 30 $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.001 --batch-ms 0.05 --algo auto "$@" > $L/tr-$tag.txt 2>&1
  grep -c ^TRC $L/tr-$tag.txt | sed "s/^/$tag TRC lines: /"; }
T f32-def --dtype f32 --shape 32x32000
T f32-c4 SMAX_DEV_CHUNKS=4 --dtype f32 --shape 32x32000
T f32-c8 SMAX_DEV_CHUNKS=8 --dtype f32 --shape 32x32000
T f32-c16 SMAX_DEV_CHUNKS=16 --dtype f32 --shape 32x32000
T bf16-def --dtype bf16 --shape 32x32000
T f32-8r --dtype f32 --shape 8x32000
T f32-128r-c4 SMAX_DEV_CHUNKS=4 --dtype f32 --shape 128x32000
T f32-1024x65536 --dtype f32 --shape 1024x65536
python3 .dev/calls/s21/trc_an.py $L/tr-*.txt
t traces
[ -n "${TRACES_ONLY:-}" ] && exit 0
P=/opt/torch/.venv/bin/python3; N=$S/stage-ck
PB() { local tag=$1 lim=$2; shift 2; local d=$L/peers-$tag; mkdir -p $d
  [ $SECONDS -gt 540 ] && { echo "$tag skipped (time)"; return; }
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit ck --out $d --impl smax-auto --reps 25 --budget 0.5 "$@" > $d/peers.txt 2>&1
  echo "$tag: $(grep -E '^\[|^ *(copy|smax-auto) ' $d/peers.txt | awk '/^\[/{printf "\n  %s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}')"; }
FS="--shape 32x32000 --shape 16x32000 --shape 64x32000 --shape 8x32000 --shape 32x65536"
for c in def 4 8 16 3 6; do
  if [ $c = def ]; then unset SMAX_DEV_CHUNKS; else export SMAX_DEV_CHUNKS=$c; fi
  PB f32f-$c 60 --dtype f32 $FS; PB bf16f-$c 60 --dtype bf16 $FS; PB f32b-$c 60 --dtype f32 --backward $FS; t c$c; done
t end
