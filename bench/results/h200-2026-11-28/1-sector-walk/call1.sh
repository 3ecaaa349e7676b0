#!/usr/bin/env bash
# call 1 (2026-11-28, eleventh session): ABBA of the items' walk laid from the row's 32-byte sector
# (smax_split_on_sectors, build "skew") against main d8fe548 ("main"), on rows off the sector grid (odd columns)
# and aligned controls; then the peers at 8192 x 50257 with "skew".
set -u
S=/tmp; for b in main skew; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
R() { local N=$S/stage-$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$N timeout 90 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"||$1=="online"{printf "%s:%s_%s_%s %s %s; ", s, $3, $4, $5, $(NF-1), $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
i=0
for b in main skew skew main; do i=$((i+1))
  R $b a$i-f32-$b --algo auto --dtype f32 --shape 8192x50257 --shape 8192x50260 --shape 8192x50264 --shape 16384x16383 --shape 16384x16384 --shape 4096x65536
  R $b a$i-h-$b --algo auto --dtype bf16,f16 --shape 8192x50257 --shape 8192x50260 --shape 8192x50264 --shape 16384x16383 --shape 4096x65536
  R $b a$i-bwd-$b --algo auto --backward --dtype f32,bf16 --shape 8192x50257 --shape 8192x50264 --shape 16384x8191 --shape 1024x262144
  R $b a$i-onl-$b --algo online --dtype f32 --shape 8192x50257 --shape 8192x50264
  t a$i
done
P=/opt/torch/.venv/bin/python3
N=$S/stage-skew
for d in "--dtype f32" "--dtype bf16" "--dtype f16" "--dtype f32 --backward" "--dtype bf16 --backward"; do
  tag=p-$(echo $d | tr -c 'a-z0-9' '_')
  PYTHONUNBUFFERED=1 timeout 120 $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so --commit skew \
    $d --out $L/$tag --impl smax-auto,torch,triton --reps 15 --budget 1.0 --shape 8192x50257 > $L/$tag.txt 2>&1
  echo "$tag: $(grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $L/$tag.txt | awk '/^\[/{printf "| %s: ", $2; next} {printf "%s %sus %s %s; ", $1, $2, $4, ($1=="copy"?"":$6)}')"
done
t end
