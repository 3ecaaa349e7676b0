#!/usr/bin/env bash
# call 3 (2026-11-27, seventh session): (a) ABBA, CUDA, "fix" (03c1f2f + the asynchronous keep chosen by a row's or chunk's
# first item for all its items) against main 03c1f2f ("cur"), forward shapes of every on-chip kernel; (b) ABBA cur against
# 9d2c13b ("old") for the f32 gradient's device-memory exchange (call 1: 1024 x 262144 93.5 -> 89.8); (c) SASS of
# smax_bwd_mb_onchip_f32_f32 in both, if the machine has cuobjdump.
set -u
S=/tmp; for f in .dev/stage/cuda.txz .dev/stage/cuda-old.txz .dev/stage/fix.txz; do tar xJf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"
R() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  LD_LIBRARY_PATH=$N timeout 100 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s:%s_%s_%s %s %s; ", s, $3, $4, $5, $(NF-1), $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
i=0
for b in cuda fix fix cuda; do i=$((i+1))
  R a$i-bf16-$b $b --dtype bf16 --shape 6710x10000 --shape 6700x10016 --shape 6678x10048 --shape 6721x9984 --shape 8192x8192 --shape 5461x12288 --shape 6100x11000 --shape 1024x262144 --shape 4096x128256 --shape 256x1048576 --shape 8192x50257
  R a$i-f16-$b $b --dtype f16 --shape 6710x10000 --shape 6678x10048 --shape 4096x16384
  R a$i-f32-$b $b --dtype f32 --shape 6710x10000 --shape 8192x32768 --shape 4096x65536 --shape 1024x262144 --shape 256x1048576 --shape 8192x50257 --shape 1x16777216
  t a$i
done
i=0
for b in cuda-old cuda cuda cuda-old; do i=$((i+1))
  R b$i-bwd-f32-$b $b --backward --dtype f32 --shape 1024x262144 --shape 512x262144 --shape 2048x262144 --shape 256x1048576 --shape 1024x200000
  t b$i
done
if command -v cuobjdump >/dev/null; then
  for b in cuda cuda-old; do cuobjdump -sass -fun smax_bwd_mb_onchip_f32_f32 $S/stage-$b/libsmax.so > $L/sass-$b.txt 2>&1; echo "sass $b: $(grep -c '^ */\*[0-9a-f]*\*/' $L/sass-$b.txt) instructions"; done
else echo "no cuobjdump: $(ls /usr/local/cuda*/bin 2>/dev/null | tr '\n' ' ')"; fi
t end
