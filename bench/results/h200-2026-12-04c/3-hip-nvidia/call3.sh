#!/usr/bin/env bash
# call 3 (forty-eighth session, H200): HIP on NVIDIA (nvcc 11.8, sm_90): hb = main 1170a66, hy = the session's
# tree (the gradient's device-memory exchange kept by asynchronous copies). A B B A, % of copy; then HIP on NVIDIA
# conformance of every gradient variant (default tier, hy) and compute-sanitizer on the exchange (hy; CUDA nb).
set -u
S=/tmp; for n in hb hy nb; do tar xJf .dev/stage/$n.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "c48-3; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1; echo "rc=$?" >> $L/$tag.txt
  echo "== $tag"; grep -A1 -E "^[0-9]+x[0-9]+ " $L/$tag.txt | grep -E "auto|FAIL" | awk '{print $NF}' | tr '\n' ' '; echo; grep -E "FAIL|rror|rc=[1-9]" $L/$tag.txt | head -3; }
F="--shape 256x1048576 --shape 256x600000 --shape 512x393216 --shape 1024x262144 --shape 32x1048576"
H="--shape 256x2097152 --shape 256x1048576 --shape 512x524288 --shape 1024x262144"
echo "f32 gradient: $F"; echo "bf16 gradient: $H"; echo "(% of copy, auto)"
R warm hy --algo auto --dtype f32 --shape 64x128 > /dev/null
n=0
for v in hb hy hy hb; do
  n=$((n+1)); t "round $n $v"
  R f32-$n-$v $v --algo auto --dtype f32 --backward $F
  R bf16-$n-$v $v --algo auto --dtype bf16 --backward $H
done
t "conformance hy"
B=$S/stage-hy
LD_LIBRARY_PATH=$B timeout 150 $B/smax_conformance --variant 'bwd y,dy:f32 dx:f32+bwd y,dy:bf16 dx:bf16+bwd y,dy:f16 dx:f16+bwd y,dy:f16 dx:f32+bwd y,dy:f32 dx:f16+bwd y,dy:bf16 dx:f32+bwd y,dy:f32 dx:bf16+bwd y,dy:f16 dx:bf16+bwd y,dy:bf16 dx:f16' > $L/conf-hy.txt 2>&1; echo "rc=$?" >> $L/conf-hy.txt
tail -3 $L/conf-hy.txt
for bt in hy:racecheck hy:synccheck hy:memcheck nb:racecheck; do b=${bt%%:*}; tool=${bt#*:}; {
  t "sanitizer $tool $b"
  B=$S/stage-$b
  LD_LIBRARY_PATH=$B SMAX_CLUSTERS=0 timeout 60 compute-sanitizer --tool $tool --print-limit 5 $B/smax-bench --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 --algo auto --dtype f32 --backward --shape 8x300000 --shape 3x40962 > $L/cs-$tool-$b.txt 2>&1; echo "rc=$?" >> $L/cs-$tool-$b.txt
  grep -E "ERROR SUMMARY|RACECHECK SUMMARY|auto|FAIL|rc=" $L/cs-$tool-$b.txt | head -6
}; done
t end
