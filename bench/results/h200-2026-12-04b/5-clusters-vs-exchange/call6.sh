#!/usr/bin/env bash
# call 6 (forty-seventh session, H200): main's forward kernels (y46 = b1a8439; the forward is 800dfe5's) at few rows,
# thread-block clusters (default) against the device-memory exchange (SMAX_CLUSTERS=0): smax-bench A B B A, then ncu
# kernel durations of each.
set -u
S=/tmp; tar xJf .dev/stage/y46.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "y46; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
B=$S/stage-y46
R() { local tag=$1; shift
  LD_LIBRARY_PATH=$B timeout 120 $B/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.08 "$@" > $L/$tag.txt 2>&1; echo "rc=$?" >> $L/$tag.txt
  echo "== $tag"; grep -A1 -E "^[0-9]+x[0-9]+ " $L/$tag.txt | awk '/copy/{c=$(NF-2)} /auto/{printf "%s/%s ", $(NF-2), c}'; echo; grep -E "FAIL|rror|rc=[1-9]" $L/$tag.txt | head -3; }
F="--shape 8x32000 --shape 32x32000 --shape 64x32000 --shape 128x32000 --shape 256x32000 --shape 1x131072 --shape 4x131072 --shape 32x65536"
echo "shapes: $F (auto us / copy us)"
R warm --algo auto --dtype f32 --shape 64x128 > /dev/null
n=0
for v in C X X C; do
  n=$((n+1)); t "round $n $v"
  if [ $v = C ]; then E="Y=1"; else E="SMAX_CLUSTERS=0"; fi
  env $E bash -c "$(declare -f R); B=$B L=$L
  R f32-$n-$v --algo auto --dtype f32 $F
  R bf16-$n-$v --algo auto --dtype bf16 $F"
done
for v in C X; do
  if [ $v = C ]; then E="Y=1"; else E="SMAX_CLUSTERS=0"; fi
  for d in f32 bf16; do
    env $E LD_LIBRARY_PATH=$B timeout 100 ncu --csv --metrics gpu__time_duration.sum,launch__grid_size,launch__block_size,launch__registers_per_thread \
      -k regex:smax_mb $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.001 --batch-ms 0.01 --rotate-mb 0 --algo auto --dtype $d $F > $L/ncu-$d-$v.csv 2>&1; echo "ncu $d $v rc=$?"
  done
done
t end
