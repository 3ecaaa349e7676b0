#!/usr/bin/env bash
# call 1 (2026-11-28, tenth session): (a) ABBA of one-launch chunk edges on 128-byte lines ("edge", default) against the
# old 8-element edges (same build, SMAX_DEV_EDGE8=1); (b) peer_bench's L2 flush by a 256 MB write (as do_bench) against a
# read of it, at 32 x 32000 (where the in-run copy moved 830-1410 GB/s) and 16384 x 16384.
set -u
S=/tmp; tar xJf .dev/stage/edge.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(grep ^edge .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
N=$S/stage-edge
R() { local tag=$1; shift
  LD_LIBRARY_PATH=$N timeout 90 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s:%s_%s_%s %s %s; ", s, $3, $4, $5, $(NF-1), $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
i=0
for v in new old old new; do i=$((i+1)); [ $v = old ] && export SMAX_DEV_EDGE8=1 || unset SMAX_DEV_EDGE8
  R a$i-h-$v --dtype f16,bf16 --shape 1024x262144 --shape 4096x128256 --shape 2048x128256 --shape 8192x50257 --shape 256x1048576 --shape 1x16777216
  R a$i-f-$v --dtype f32 --shape 1024x262144 --shape 512x128256 --shape 4096x128256 --shape 1024x65536 --shape 8192x50257 --shape 256x1048576 --shape 1x16777216
  R a$i-b-$v --backward --dtype f32,bf16 --shape 1024x262144 --shape 4096x128256 --shape 8192x50257 --shape 1x16777216
  t a$i
done
unset SMAX_DEV_EDGE8
P=/opt/torch/.venv/bin/python3
for r in 1 2; do for fl in write read; do
  for d in "--dtype f32" "--dtype bf16" "--dtype f32 --backward"; do
    tag=p$r-$fl-$(echo $d | tr -c 'a-z0-9' '_')
    PYTHONUNBUFFERED=1 timeout 120 $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so --commit edge \
      $d --flush $fl --out $L/$tag --impl smax-auto,torch,triton --reps 25 --budget 1.0 --shape 32x32000 --shape 16384x16384 > $L/$tag.txt 2>&1
    echo "$tag: $(grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $L/$tag.txt | awk '/^\[/{printf "| %s: ", $2; next} {printf "%s %sus %s %s; ", $1, $2, $4, ($1=="copy"?"":$6)}')"
  done; t p$r-$fl
done; done
t end
