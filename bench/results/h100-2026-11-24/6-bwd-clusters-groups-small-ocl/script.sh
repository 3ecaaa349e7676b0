#!/usr/bin/env bash
# H100 call 6 (session 2026-11-24 00:20), at b026364 + a dev-only knob (SMAX_DEV_GPC: the one-launch
# groups per compute unit, 6 committed). (1) the gradient: base vs new vs new with SMAX_CLUSTERS=1 (now
# with register loads); (2) forward one-launch rows at 3/4/6/8 groups a unit (clusters, cp.async);
# (3) 32 x 32000 and neighbours, fused against forced multiblock; (4) OpenCL on NVIDIA conformance.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "$(cat .dev/commit) + dev knob; $(date -u)"
run() { # variant env tag args...
  local v=$1 e=$2 tag=$3; shift 3
  env $e LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 60 .dev/stage/ab/$v/smax-bench "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +(auto|fused|multiblock) ' $logs/$tag.txt | awk '{print $1"/"$2" "$3"/"$NF"%"}' | tr '\n' ' ')"
}
BF="--shape 1024x32768 --shape 512x65536 --shape 128x262144"
BH="--shape 512x65536 --shape 256x131072"
for round in 1 2; do
  for ve in base:X=0 new:X=0 new:SMAX_CLUSTERS=1; do
    v=${ve%%:*}; e=${ve#*:}
    run $v $e r$round-$v-$e-bwd-f32 --algo auto --backward --dtype f32 $BF
    run $v $e r$round-$v-$e-bwd-bf16 --algo auto --backward --dtype bf16 $BH
  done
done
t "backward done"
F="--shape 512x65536 --shape 128x262144 --shape 512x128256"
H="--shape 512x65536 --shape 256x131072"
for round in 1 2; do
  for g in 6 3 4 8; do
    [ $((SECONDS-start)) -lt 330 ] || break 2
    run new SMAX_DEV_GPC=$g r$round-gpc$g-f32 --algo auto --dtype f32 $F
    run new SMAX_DEV_GPC=$g r$round-gpc$g-bf16 --algo auto --dtype bf16 $H
  done
done
t "groups per unit done"
S="--shape 32x32000 --shape 16x32000 --shape 64x32000"
run new X=0 small-f32 --algo fused,multiblock --dtype f32 $S
run new X=0 small-bf16 --algo fused,multiblock --dtype bf16 $S
t "small done"
mkdir -p /etc/OpenCL/vendors && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export SMAX_OPENCL_DEVICE=NVIDIA
N=$PWD/.dev/stage/ab/ocl
mkdir -p $logs/ocl
mapfile -t vs < <(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n 's/^variants: //p' | grep -o "'[^']*'" | tr -d "'")
i=0
for v in "${vs[@]}"; do
  f=$(printf %02d $i)
  ( LD_LIBRARY_PATH=$N timeout 200 $N/smax_conformance --variant "$v" > $logs/ocl/$f.txt 2>&1; echo "exit $?" >> $logs/ocl/$f.txt ) &
  i=$((i+1))
done
wait
sum() { cat "$@" | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}'; }
t "conformance OpenCL on NVIDIA, default tier: $(sum $logs/ocl/*.txt)"
grep -L "exit 0" $logs/ocl/*.txt | head -3
grep -h -B2 -A6 -m2 FAIL $logs/ocl/*.txt | head -20
head -3 $logs/ocl/00.txt
t end
