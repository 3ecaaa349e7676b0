#!/usr/bin/env bash
# call 4 (2026-11-28, fifteenth session, H200): z1 = bdfc6d9 (the share's groups fit) + hook SMAX_EXP_BWDNOGROW=1: gradient
# clusters keep the chunks of the (scaled) share instead of growing them until each item holds one batch of vector pairs.
# (a) ABBA, smax-bench auto --backward, % of copy; (b) the peer table's f32 forward (smax auto, torch, Triton) at z1's plans.
set -u
S=/tmp; tar xJf .dev/stage/z1.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
N=$S/stage-z1
R() { local tag=$1 e=$2; shift 2
  [ $SECONDS -gt 300 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s; ", s, $4, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
sh() { local c; for c in "$@"; do printf -- "--shape %dx%d " $(( (1 << 26) / c )) $c; done; }
i=0
for e in X=0 SMAX_EXP_BWDNOGROW=1 SMAX_EXP_BWDNOGROW=1 X=0 X=0 SMAX_EXP_BWDNOGROW=1; do i=$((i+1))
  R g$i-f32-$e $e --backward --dtype f32 $(sh 50257 50264 65536 28000 16384 128256)
  R g$i-bf16-$e $e --backward --dtype bf16 $(sh 50257 65536 128256 28000)
  t g$i
done
P=/opt/torch/.venv/bin/python3
PB() { local tag=$1 lim=$2; shift 2; local d=$L/peers-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit bdfc6d9 --out $d --impl smax-auto,torch,triton --reps 10 --budget 0.8 "$@" > $d/peers.txt 2>&1
  t "peers $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
PB f32 $((560 - SECONDS)) --dtype f32
t end
