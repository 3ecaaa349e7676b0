#!/usr/bin/env bash
# H100 call H (8373a96 + .dev/devchunks.diff, a dev switch not committed): the gradient's cluster
# rows with their chunk count forced (SMAX_DEV_BWD_CHUNKS = 4..16), to see what holds 50257 and
# 100000 columns below copy while 32768 and 128256 reach it.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "8373a96 + devchunks.diff; $(date -u)"
S=/tmp/stage; mkdir -p $S/dev; tar xJf .dev/stage/x/dev.txz -C $S/dev; N=$S/dev
F="--shape 8192x50257 --shape 8192x50256 --shape 671x100000 --shape 1024x32768 --shape 523x128256"
B="--shape 8192x50257 --shape 8192x50256 --shape 1024x65536 --shape 512x131072"
for c in 0 4 5 6 7 8 9 10 11 12 13 14 15 16; do
  for dt in f32 bf16; do
    [ $((SECONDS-start)) -lt 540 ] || break
    if [ $dt = f32 ]; then sh="$F"; else sh="$B"; fi
    SMAX_DEV_BWD_CHUNKS=$c LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.15 --algo auto --backward --dtype $dt $sh > $logs/c$c-$dt.txt 2>&1
    echo "c$c $dt: $(grep -E '^ +auto ' $logs/c$c-$dt.txt | awk '{for(i=1;i<=NF;i++) if($i=="ok") {printf "%s(%s %s) ", $(i+4), $(i-4), $(i-3); break}}')"
  done
done
t end
