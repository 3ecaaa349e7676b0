#!/usr/bin/env bash
# H100 call 1 (2026-11-25e): (a) branch next-fused16-lifted-exp (f16) against main (x): 16-bit fused forward;
# (b) L2 eviction hints in the re-read kernels: l2 (first read evict_last, second read evict_first), l2st (l2 plus
# evict_first stores of f32 outputs) against x; ncu DRAM bytes and L2 hit rate of x and l2 at f32 1 x 2^24.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "x $(cat .dev/commit); $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=/tmp/stage; for v in x f16 l2 l2st; do mkdir -p $S/$v; tar xJf .dev/stage/x/$v.txz -C $S/$v; done
run() { # tag lib args
  local tag=$1 lib=$2; shift 2
  LD_LIBRARY_PATH=$S/$lib timeout 80 $S/$lib/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{for(i=1;i<=NF;i++) if($i=="ok") {printf "%s(%s) ", $(i+4), $(i-1); break}}')"
}
A="--shape 22369x3000 --shape 11184x6000 --shape 6710x10000 --shape 2097152x128 --shape 65536x4096 --shape 16384x16384 --shape 8192x50257"
A16="--shape 22369x3000 --shape 11184x6000 --shape 6710x10000"
R="--shape 1x8388608 --shape 1x16777216 --shape 2x16777216 --shape 1x33554432"
RB="--shape 1x8388608 --shape 1x16777216"
echo "A bf16: $A"; echo "A f16: $A16"; echo "R f32/bf16 fwd: $R"; echo "RB bwd f32: $RB"
for round in 1 2; do
  if [ $round = 1 ]; then oa="x f16"; ob="x l2 l2st"; else oa="f16 x"; ob="l2st l2 x"; fi
  for v in $oa; do
    [ $((SECONDS-start)) -lt 430 ] || break
    run r$round-$v-bf16 $v --dtype bf16 $A
    run r$round-$v-f16 $v --dtype f16 $A16
  done
  for v in $ob; do
    [ $((SECONDS-start)) -lt 430 ] || break
    run r$round-$v-rf32 $v --dtype f32 $R
    run r$round-$v-rbf16 $v --dtype bf16 --shape 1x16777216 --shape 1x33554432
    run r$round-$v-rbwd $v --backward --dtype f32 $RB
  done
  t "round $round"
  if [ $round = 1 ]; then
    for v in x l2; do
      [ $((SECONDS-start)) -lt 330 ] || break
      timeout 60 ncu --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,lts__t_sector_op_read_hit_rate.pct,gpu__time_duration.sum \
        -k regex:smax_mb_reread --launch-skip 2 --launch-count 1 env LD_LIBRARY_PATH=$S/$v \
        $S/$v/smax-bench --reps 3 --max-seconds 0.05 --no-overhead --quiet --algo auto --dtype f32 --shape 1x16777216 > $logs/ncu-$v.txt 2>&1
      t "ncu $v: $(grep -E 'dram__|lts__|gpu__time' $logs/ncu-$v.txt | tr -s ' ' | tr '\n' '|')"
    done
  fi
done
t end
