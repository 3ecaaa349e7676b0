#!/usr/bin/env bash
# call 4 (2026-11-27, seventh session): ABBA, CUDA, "fix2" (fix + the gradient's device-memory exchange on chunk_len's
# edges again, as at 9d2c13b) against "fix" (call 3's), the gradient's exchange shapes on and off the grid; 9d2c13b once.
set -u
S=/tmp; for f in .dev/stage/cuda-old.txz .dev/stage/fix.txz .dev/stage/fix2.txz; do tar xJf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"
R() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  LD_LIBRARY_PATH=$N timeout 100 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s:%s_%s_%s %s %s; ", s, $3, $4, $5, $(NF-1), $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
i=0
for b in cuda-old fix fix2 fix2 fix; do i=$((i+1))
  R a$i-bwd-f32-$b $b --backward --dtype f32 --shape 1024x262144 --shape 512x262144 --shape 2048x262144 --shape 1024x200000 --shape 256x262143 --shape 512x200001 --shape 128x262144
  R a$i-bwd-bf16-$b $b --backward --dtype bf16 --shape 128x524288 --shape 256x524287
  t a$i
done
t end
