#!/usr/bin/env bash
# call (fifty-eighth session): the final library (HEAD + the mixed-gradient and few-rows plan changes): cu-f = CUDA,
# hp-f = HIP on NVIDIA (needs /tmp/hpf.aa from the call before). 1) timings: HIP few rows (rows32000.txt) fused,
# multiblock, auto, f32 and bf16 forward; CUDA and HIP mixed gradient auto over mxcols.txt (bf16 y, dy -> f32 dx).
# 2) concurrently: conformance (default tier) of cu-f and hp-f; compute-sanitizer memcheck, racecheck, synccheck
# over smax-bench of the newly planned shapes (mixed gradient on-chip, HIP few rows as the exchange).
set -u
S=/tmp; cat /tmp/hpf.aa .dev/s2/hpf.ab | tar xJf - -C $S; tar xJf .dev/stage/cu-f.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "final library (cu-f, hp-f); $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
SB() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  LD_LIBRARY_PATH=$N timeout 100 $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.25 "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" || $1=="fused" || $1=="multiblock" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") printf "%s %s %s %sus %s%%; ", s, $1, $i, $(i+2), $(i+4)}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
SB hp-rows-f32 hp-f --algo fused,multiblock,auto --dtype f32 --shapes .dev/calls/rows32000.txt
SB hp-rows-bf16 hp-f --algo fused,multiblock,auto --dtype bf16 --shapes .dev/calls/rows32000.txt
SB cu-mixed cu-f --algo auto --backward --dtype f32,bf16 --shapes .dev/calls/mxcols.txt
SB hp-mixed hp-f --algo auto --backward --dtype f32,bf16 --shapes .dev/calls/mxcols.txt
t timings
SAN() { local tool=$1 b=$2 tag=$3; shift 3
  ( cd $L; LD_LIBRARY_PATH=$S/stage-$b timeout 200 compute-sanitizer --tool $tool --print-limit 5 --error-exitcode 99 $S/stage-$b/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.01 --rotate-mb 0 "$@" > $L/san-$tag.txt 2>&1; echo "exit $?" >> $L/san-$tag.txt )
  echo "san $tag: $(grep -hE "SUMMARY" $L/san-$tag.txt | tr '\n' ' ') $(grep -c " ok" $L/san-$tag.txt) ok; $(tail -1 $L/san-$tag.txt)"; }
for b in cu-f hp-f; do
  ( LD_LIBRARY_PATH=$S/stage-$b timeout 280 $S/stage-$b/smax_conformance > $L/conf-$b.txt 2>&1; echo "exit $?" >> $L/conf-$b.txt ) &
done
for tool in memcheck racecheck synccheck; do for b in cu-f hp-f; do
  ( SAN $tool $b $tool-$b-mix --backward --algo auto --dtype f32,bf16 --shape 100x6000 --shape 300x257 --shape 64x2048
    [ $b = hp-f ] && SAN $tool $b $tool-$b-rows --algo auto --dtype f32 --shape 20x32000 --shape 32x19500 ) > $L/sanrun-$tool-$b.txt 2>&1 &
done; done
wait; t "conformance and sanitizer done"
cat $L/sanrun-*.txt
for b in cu-f hp-f; do echo "conformance $b: $(grep -E '^[0-9]+ passed' $L/conf-$b.txt | tail -2 | tr '\n' ' ') $(tail -1 $L/conf-$b.txt)"; grep -h FAIL $L/conf-$b.txt | head -5; done
t end
