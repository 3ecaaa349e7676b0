#!/usr/bin/env bash
# H100 call 1 (session 2026-11-24 00:20). Issue 8: forward/backward register rows read a vector that
# crosses a row end whole where it lies inside the buffer's rows (masked in registers) instead of
# element by element after the other loads. base = main b1053ca, new = working tree (-lineinfo).
# (1) A/B, alternating rounds; (2) ncu source-level stalls of the one-launch on-chip kernel
# (4096 x 65536 f32) and of the bf16 register kernel (2097152 x 128); (3) CUDA conformance of new.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { # variant tag args...
  local v=$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 60 .dev/stage/ab/$v/smax-bench --algo auto "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $(NF-1)"/"$NF"%"}' | tr '\n' ' ')"
}
S16="--shape 600000x100 --shape 2000000x100 --shape 1000000x200 --shape 2097152x128 --shape 65536x4096 --shape 262144x1000"
S32="--shape 600000x100 --shape 600000x101 --shape 2097152x128 --shape 65536x2047"
B="--shape 600000x100 --shape 2097152x128 --shape 65536x4096"
for round in 1 2; do
  for v in base new; do
    run $v r$round-$v-bf16 --dtype bf16 $S16
    run $v r$round-$v-f16 --dtype f16 $S16
    run $v r$round-$v-f32 --dtype f32 $S32
    run $v r$round-$v-bwd-bf16 --backward --dtype bf16 $B
    run $v r$round-$v-bwd-f32 --backward --dtype f32 $B
  done
done
t "A/B done"
N=$PWD/.dev/stage/ab/new
prof() { # tag kernel-regex args...
  local tag=$1 k=$2; shift 2
  timeout 120 ncu --set full --import-source yes -k regex:$k --launch-skip 3 --launch-count 1 -f -o $logs/$tag \
    env LD_LIBRARY_PATH=$N $N/smax-bench --reps 1 --max-seconds 0.01 --no-overhead --quiet "$@" > $logs/$tag-run.txt 2>&1
  ncu -i $logs/$tag.ncu-rep --page details > $logs/$tag-details.txt 2>&1
  ncu -i $logs/$tag.ncu-rep --page source --csv --print-source sass > $logs/$tag-source.csv 2>$logs/$tag-source.err
  t "ncu $tag: $(grep -E 'DRAM Throughput|Achieved Occupancy|Registers Per|Duration|Issue Slots Busy' $logs/$tag-details.txt | tr -s ' ' | tr '\n' '|')"
  python3 .dev/ncu_source.py 25 < $logs/$tag-source.csv | head -30
  grep -iE 'stall|warp cycles per' $logs/$tag-details.txt | head -20
}
prof mbonchip-f32 smax_mb_onchip --algo multiblock --dtype f32 --shape 4096x65536
prof regs-bf16 smax_fused_regs --algo auto --dtype bf16 --shape 2097152x128
prof small-mb smax_mb_onchip --algo multiblock --dtype f32 --shape 32x32000
prof small-fused smax_fused --algo fused --dtype f32 --shape 32x32000
t "ncu done"
mkdir -p $logs/conf
mapfile -t vs < <(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n 's/^variants: //p' | grep -o "'[^']*'" | tr -d "'")
i=0
for v in "${vs[@]}"; do
  f=$(printf %02d $i)
  ( LD_LIBRARY_PATH=$N timeout 200 $N/smax_conformance --variant "$v" > $logs/conf/$f.txt 2>&1; echo "exit $?" >> $logs/conf/$f.txt ) &
  i=$((i+1))
done
wait
sum() { cat "$@" | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}'; }
t "conformance new, default tier, ${#vs[@]} variants: $(sum $logs/conf/*.txt)"
grep -L "exit 0" $logs/conf/*.txt | head
grep -h -B2 -A6 -m2 FAIL $logs/conf/*.txt | head -30
t "end"
