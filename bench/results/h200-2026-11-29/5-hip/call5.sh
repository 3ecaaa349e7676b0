#!/usr/bin/env bash
# call 5 (2026-11-29, sixteenth session, H200): HIP on NVIDIA (nvcc 11.8), f1 = 0f4419f / A = the register kernel's
# lifted exponentials (its device code is what lands: HIP on NVIDIA takes the CUDA path), smax-bench auto, % of copy,
# f1 A A f1 A f1.
set -u
S=/tmp; for b in hipnv-f1 hipnv-A; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "hipnv-f1 hipnv-A $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
R() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b
  [ $SECONDS -gt 150 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s; ", s, $4, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
sh() { local c; for c in "$@"; do printf -- "--shape %dx%d " $(( (1 << 26) / c )) $c; done; }
i=0
for b in f1 A A f1 A f1; do i=$((i+1))
  R hipnv-$b h$i-hipnv-$b-bf16 --dtype bf16 $(sh 128 512 1024 2048)
  R hipnv-$b h$i-hipnv-$b-f16 --dtype f16 $(sh 128)
  R hipnv-$b h$i-hipnv-$b-bf16log --log --dtype bf16 $(sh 128)
  R hipnv-$b h$i-hipnv-$b-f32 --dtype f32 $(sh 128)
  t h$i
done
t end
