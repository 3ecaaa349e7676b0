#!/usr/bin/env bash
# call 4 (forty-third session, H200): the usual 16-bit register kernel's PTX moved with the deep kernel's larger array
# (one address computed later; same instructions otherwise), and call 2's peer_bench put bf16 2097152 x 128 at 91.2 where
# the table at 5a81e8e had 95.3. A B B A, mc43 = main 2e59865 (CUDA) against f43b = 572f0cd's build, at the rows that
# kernel holds (bf16, f16: 128-2048 columns); peer_bench bf16 2097152 x 128 with each build.
set -u
S=/tmp; for s in f43b mc43; do tar xJf .dev/stage/$s.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "f43b = 572f0cd, mc43 = $(cat .dev/commit); $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 100 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s %s (%s)|", s, $1, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
R warm f43b --algo auto --dtype f32 --shape 64x128 > /dev/null
for r in 1 2 3 4; do case $r in 1|4) b=mc43;; *) b=f43b;; esac
  R bf16-$r-$b $b --algo auto --dtype bf16 $(SH 128 256 512 1024 2048) --shape 2097152x128
  R f16-$r-$b $b --algo auto --dtype f16 $(SH 128 1024); done
t bench
P=/opt/torch/.venv/bin/python3
for b in mc43 f43b; do N=$S/stage-$b; d=$L/peers-$b; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout 60 $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so --commit $b --out $d --impl smax-auto,torch --reps 10 --budget 0.8 --dtype bf16 --shape 2097152x128 > $d/peers.txt 2>&1
  echo "peers $b: $(grep -E '^ *(copy|smax-auto|torch) ' $d/peers.txt | awk '{printf "%s %s; ", $1, ($1=="copy"?$4:$6)}')"; done
t end
