#!/usr/bin/env bash
# call 5 (2026-11-28, fifteenth session, H200): z2 = bdfc6d9 + hooks: SMAX_EXP_CLFILL=1 a gradient cluster takes, from the
# chunks its batches ask up to 16, the count whose resident clusters (cudaOccupancyMaxActiveClusters) hold the most
# groups (=2: forward clusters too); SMAX_EXP_CLFILL_SHOW=1 prints each count's occupancy. ABBA, smax-bench auto, % of copy.
set -u
S=/tmp; tar xJf .dev/stage/z2.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
N=$S/stage-z2
R() { local tag=$1 e=$2; shift 2
  [ $SECONDS -gt 420 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s; ", s, $4, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
sh() { local c; for c in "$@"; do printf -- "--shape %dx%d " $(( (1 << 26) / c )) $c; done; }
for d in "--backward --dtype f32" "--backward --dtype bf16" "--dtype f32" "--dtype bf16"; do
  SMAX_EXP_CLFILL=2 SMAX_EXP_CLFILL_SHOW=1 LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.02 --algo auto $d \
    $(sh 50257 28000 65536 128256 100000 262144) 2>&1 | grep clfill | sort -u
done
t show
i=0
for e in X=0 SMAX_EXP_CLFILL=2 SMAX_EXP_CLFILL=2 X=0 X=0 SMAX_EXP_CLFILL=2; do i=$((i+1))
  R g$i-f32-$e $e --backward --dtype f32 $(sh 50257 50264 28000 65536 100000 20000)
  R g$i-bf16-$e $e --backward --dtype bf16 $(sh 50257 28000 65536 200000)
  R g$i-bf16f32-$e $e --backward --dtype bf16,f32 $(sh 28000 50257)
  R f$i-f32-$e $e --dtype f32 $(sh 50257 128256 100000 65536)
  R f$i-bf16-$e $e --dtype bf16 $(sh 262144 50257 128256)
  t g$i
done
t end
