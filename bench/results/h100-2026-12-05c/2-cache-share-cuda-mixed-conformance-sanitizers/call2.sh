#!/usr/bin/env bash
# call 2 and 3, PAIR=cu or hp (fifty-seventh session, H100): plan_cache_share's gate lifted (.dev/cache-share-h100.diff; call 1 of this
# session: CUDA f32 gradient 5886-6909 columns 95.8-97.0% -> 99.9-100.5% of copy, bf16 neutral). Builds of 6d34b66
# (library as a0f61c6): cu, hp = HIP on NVIDIA; cu-share2, hp-share = the same with the gate lifted.
# 1) smax-bench auto, A B B A: HIP on NVIDIA f32 gradient, CUDA mixed gradients (f32 dx from bf16 y,dy; bf16 dx
#    from f32 y,dy) over the f32 window's shapes. 2) then, concurrently: the conformance suite (default tier) of
#    cu-share2 and hp-share, and compute-sanitizer (memcheck, racecheck, synccheck) over smax-bench of cu-share2 and
#    hp-share at gradients the lifted gate now plans three groups a unit.
set -u
S=/tmp; P=${PAIR:-cu}; tar xJf .dev/stage/$P-pair.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "main 6d34b66 and + cache-share-h100.diff; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
compute-sanitizer --version | tail -1
SBN() { local tag=$1 b=$2; shift 2
  LD_LIBRARY_PATH=$S/stage-$b timeout 100 $S/stage-$b/smax-bench --algo auto --no-overhead --quiet --reps 11 --max-seconds 0.5 "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {printf "%s %s %s; ", s, $5, $NF}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
for d in "hp:--dtype f32" "cu:--dtype f32,bf16" "cu:--dtype bf16,f32"; do
  b=${d%%:*} o=${d#*:}; i=0; [ $b = $P ] || continue
  for x in $b $b-share $b-share $b; do [ $x = cu-share ] && x=cu-share2; i=$((i+1))
    SBN "$b-${o##* }-$i-$x" $x --backward --shapes .dev/calls/share-f32.txt $o; done
  t "$b $o"
done
SAN() { local tool=$1 b=$2 tag=$3; shift 3
  ( cd $L; LD_LIBRARY_PATH=$S/stage-$b timeout 200 compute-sanitizer --tool $tool --print-limit 5 --error-exitcode 99 $S/stage-$b/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.01 --rotate-mb 0 "$@" > $L/san-$tag.txt 2>&1; echo "exit $?" >> $L/san-$tag.txt )
  echo "san $tag: $(grep -hE "SUMMARY" $L/san-$tag.txt | tr '\n' ' ') $(grep -c " ok" $L/san-$tag.txt) ok; $(tail -1 $L/san-$tag.txt)"; }
for b in $(cd $S; ls -d stage-$P-share* | sed s/stage-//); do
  ( LD_LIBRARY_PATH=$S/stage-$b timeout 400 $S/stage-$b/smax_conformance > $L/conf-$b.txt 2>&1; echo "exit $?" >> $L/conf-$b.txt ) &
done
for tool in memcheck racecheck synccheck; do for b in $(cd $S; ls -d stage-$P-share* | sed s/stage-//); do
  ( SAN $tool $b $tool-$b-f32 --backward --algo auto --dtype f32 --shape 100x6000 --shape 33x6500
    SAN $tool $b $tool-$b-mix --backward --algo auto --dtype f32,bf16 --shape 100x6000
    SAN $tool $b $tool-$b-bf16 --backward --algo auto --dtype bf16 --shape 50x12000 ) > $L/sanrun-$tool-$b.txt 2>&1 &
done; done
wait; t "conformance and sanitizer done"
cat $L/sanrun-*.txt
for b in $(cd $S; ls -d stage-$P-share* | sed s/stage-//); do echo "conformance $b: $(grep -E '^[0-9]+ passed' $L/conf-$b.txt | tail -2 | tr '\n' ' ') $(tail -1 $L/conf-$b.txt)"; grep -h FAIL $L/conf-$b.txt | head -5; done
t end
