#!/usr/bin/env bash
# call 2 (2026-11-28, thirteenth session, H200): (a) fd against fd40 (smax_mb_onchip at 40 registers for 16-bit outputs,
# 6 groups a unit) at the rows of the device-memory exchange; (b) fd40 / e64 / e64g / e64g / e64 / fd40 at 16-bit forward
# rows that fit on-chip (lanes of 64 elements; one row a group), with a sweep of columns for cliffs.
set -u
S=/tmp; for b in fd fd40 e64g; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
R() { local N=$S/stage-$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s; ", s, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
i=0
for b in fd fd40 fd40 fd; do i=$((i+1))
  R $b x$i-bf16-$b --dtype bf16 --shape 256x1048576 --shape 128x1048576 --shape 64x2097152
  R $b x$i-f16-$b --dtype f16 --shape 256x1048576 --shape 128x1048576 --shape 64x2097152
  R $b x$i-f32bf16-$b --dtype f32,bf16 --shape 256x1048576
done
t exchange
i=0
for b in fd40 e64g e64g fd40; do i=$((i+1))
  R $b o$i-bf16-$b --dtype bf16 --shape 65536x4096 --shape 53687x5000 --shape 43690x6144 --shape 32768x8192 --shape 26843x10000 --shape 21845x12288 --shape 16384x16384
  R $b o$i-f16-$b --dtype f16 --shape 65536x4096 --shape 32768x8192 --shape 43690x6144
  R $b o$i-log-$b --log --dtype bf16 --shape 65536x4096 --shape 32768x8192
  R $b o$i-bf16f32-$b --dtype bf16,f32 --shape 32768x8192 --shape 65536x4096
  t o$i
done
t end
