#!/usr/bin/env bash
# H100 call 8 (session 2026-11-24 00:20): the forward plan at the peer shapes, same run, peer_bench
# (smax auto only). base = b1053ca; cur = b026364 (kernels f24fcfc); cur0 = cur with SMAX_CLUSTERS=0;
# fr = cur with rows that fit on-chip fused whatever their length (dev knob SMAX_DEV_FUSEDRULE);
# frc = fr with clusters only where a chunk is at most 1/3 of a unit's on-chip memory (SMAX_DEV_CCAP=3).
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "$(cat .dev/commit) + dev knobs; $(date -u)"
pb() { # tag lib env dtype
  local tag=$1 L=$PWD/.dev/stage/ab/$2 e=$3 m=$4 d=$logs/$1
  [ $2 = cur ] && L=$PWD/.dev/stage/ab/new
  mkdir -p $d
  env $e PYTHONUNBUFFERED=1 timeout 90 python3 bench/peer_bench.py --lib $L/libsmax.so --support $L/libsmax_testsupport.so \
    --dtype $m --out $d --impl smax-auto --reps 7 --budget 0.5 --commit $(cat .dev/commit) \
    --shape 4096x65536 --shape 1024x262144 --shape 256x1048576 --shape 4096x128256 --shape 8192x50257 > $d/peers.txt 2>&1
  echo "$tag: exit $? $(sed -n '/% of device-to-device copy/,/effective bandwidth/p' $d/peers.txt | awk '/^[0-9]+x[0-9]+/ {printf "%s %s  ", $1, $3}')"
}
for round in 1 2; do
  for ve in base:X=0 cur:X=0 cur:SMAX_CLUSTERS=0 cur:SMAX_DEV_FUSEDRULE=1 frc:SMAX_DEV_FUSEDRULE=1,SMAX_DEV_CCAP=3; do
    [ $((SECONDS-start)) -lt 500 ] || break 2
    v=${ve%%:*}; e=${ve#*:}; e=${e//,/ }; [ $v = frc ] && v=cur
    for m in f32 bf16; do pb r$round-${ve%%:*}-$(echo $e | tr -d ' =' | cut -c1-30)-$m $v "$e" $m; done
  done
done
t end
