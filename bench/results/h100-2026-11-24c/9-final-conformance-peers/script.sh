#!/usr/bin/env bash
# H100 call 9 (session 2026-11-24 05:16): the working tree's final kernels and plan (forward tiles as
# 282fbc7, the gradient's tiles with row slots of up to 32 items, the width dispatch without a
# variadic macro). (1) the gradient A/B against base = main 4ed05ef, one round; (2) torch and Triton
# at the odd shapes (peer_bench.py); (3) conformance, default tier, every variant: CUDA, OpenCL on
# NVIDIA, HIP on NVIDIA, one process per variant and build.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
run() { # variant tag args...
  local v=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 60 .dev/stage/ab/$v/smax-bench --algo auto "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
}
S="--shape 300000x100 --shape 100000x333 --shape 30000x1001 --shape 2000000x13"
for v in base new; do
  run $v $v-bwd-bf16 --backward --dtype bf16 $S
done
t "A/B done"
N=$PWD/.dev/stage/ab/new
for d in bf16 f16; do
  timeout 100 /opt/torch/.venv/bin/python3 bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --impl smax-auto,torch,triton --dtype $d --shape 300000x100 --shape 100000x333 --reps 7 --budget 0.4 --out $logs/peer-$d > $logs/peer-$d.txt 2>&1
  echo "peer fwd $d: exit $?"; grep -E "x100 |x333 " $logs/peer-$d.txt | head -6
  timeout 100 /opt/torch/.venv/bin/python3 bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --impl smax-auto,torch,triton --dtype $d --backward --shape 300000x100 --shape 100000x333 --reps 7 --budget 0.4 --out $logs/peer-bwd-$d > $logs/peer-bwd-$d.txt 2>&1
  echo "peer bwd $d: exit $?"; grep -E "x100 |x333 " $logs/peer-bwd-$d.txt | head -6
done
t "peers done"
mkdir -p $logs/conf $logs/ocl $logs/hipnv
mapfile -t vs < <(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n 's/^variants: //p' | grep -o "'[^']*'" | tr -d "'")
i=0
for v in "${vs[@]}"; do
  f=$(printf %02d $i)
  ( LD_LIBRARY_PATH=$N timeout 400 $N/smax_conformance --variant "$v" > $logs/conf/$f.txt 2>&1; echo "exit $?" >> $logs/conf/$f.txt ) &
  ( LD_LIBRARY_PATH=$PWD/.dev/stage/ocl timeout 400 .dev/stage/ocl/smax_conformance --variant "$v" > $logs/ocl/$f.txt 2>&1; echo "exit $?" >> $logs/ocl/$f.txt ) &
  ( LD_LIBRARY_PATH=$PWD/.dev/stage/hipnv timeout 400 .dev/stage/hipnv/smax_conformance --variant "$v" > $logs/hipnv/$f.txt 2>&1; echo "exit $?" >> $logs/hipnv/$f.txt ) &
  i=$((i+1))
done
wait
sum() { cat "$@" | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}'; }
t "CUDA conformance: $(sum $logs/conf/*.txt)"
t "OpenCL on NVIDIA conformance: $(sum $logs/ocl/*.txt); $(grep -h '^device:' $logs/ocl/00.txt | cut -c1-80)"
t "HIP on NVIDIA conformance: $(sum $logs/hipnv/*.txt)"
grep -L "exit 0" $logs/conf/*.txt $logs/ocl/*.txt $logs/hipnv/*.txt | head
grep -h -m2 FAIL $logs/conf/*.txt $logs/ocl/*.txt $logs/hipnv/*.txt | head -10
