#!/usr/bin/env bash
# call 2 (forty-seventh session, H200): r47b = r47 with the register cluster kernel's group the largest (256) by the
# rule; SMAX_DEV_CR_LEAST=1 takes the least group that holds the chunk (call 1's form). Kernel-only durations by ncu
# (A = SMAX_CLUSTER_REGS=0, B = the rule, L = least group), then peer_bench (CUDA events, one launch after an L2
# flush) of smax auto A / B beside torch at few rows.
set -u
S=/tmp; tar xJf .dev/stage/r47b.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "r47b; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
B=$S/stage-r47b
NC() { local tag=$1; shift
  LD_LIBRARY_PATH=$B timeout 150 ncu --csv --metrics gpu__time_duration.sum,launch__grid_size,launch__block_size,launch__registers_per_thread \
    -k regex:smax_mb_cluster $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.001 --batch-ms 0.01 --rotate-mb 0 --algo auto "$@" > $L/ncu-$tag.csv 2>&1
  echo "ncu $tag rc=$?"; }
FEW="--shape 8x32000 --shape 16x32000 --shape 32x32000 --shape 48x32000 --shape 64x32000 --shape 32x65536 --shape 1x131072 --shape 4x131072"
for v in A B L; do
  case $v in A) E="SMAX_CLUSTER_REGS=0";; B) E="X=1";; L) E="SMAX_DEV_CR_LEAST=1";; esac
  t "ncu $v"
  env $E bash -c "$(declare -f NC); B=$B L=$L
  NC f32-$v --dtype f32 $FEW
  NC bf16-$v --dtype bf16 $FEW
  NC f16-$v --dtype f16 --shape 32x32000 --shape 16x32000
  NC log-$v --log --dtype f32 --shape 32x32000 --shape 16x32000"
done
P=/opt/torch/.venv/bin/python3
PB() { local tag=$1 lim=$2; shift 2; local d=$L/peers-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $B/libsmax.so --support $B/libsmax_testsupport.so \
    --commit r47b --out $d --impl smax-auto,torch --reps 30 --budget 0.8 "$@" > $d/peers.txt 2>&1
  t "peers $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %sus %s; ", $1, $2, ($1=="copy"?"":$6)}'; echo; }
PS="--shape 16x32000 --shape 32x32000 --shape 64x32000 --shape 32x65536"
for v in A B B A; do
  if [ $v = A ]; then E="SMAX_CLUSTER_REGS=0"; else E="X=1"; fi
  export SMAX_CLUSTER_REGS; [ $v = A ] && SMAX_CLUSTER_REGS=0 || unset SMAX_CLUSTER_REGS
  PB f32-$v-$SECONDS 60 --dtype f32 $PS
  PB bf16-$v-$SECONDS 60 --dtype bf16 $PS
done
t end
