#!/usr/bin/env bash
# call 1 (twenty-ninth session, H200): (a) main dbc8c60 (m36) on a GPU: CUDA conformance, every variant, default tier,
# and the large tier; (b) the synccheck abort of f32 cluster kernels: a standalone repro of the cluster exchange
# (.dev/repro/cluster_push.cu) under synccheck/racecheck/memcheck over cluster sizes, group sizes and exit modes, and
# smax's f32 cluster kernel with its chunks forced (d36: SMAX_DEV_CHUNKS) under synccheck with device backtraces;
# (c) the 16-bit gradient at 575 and 1149 columns (and f16 -> f32 1149): auto against forced kernels (d36:
# SMAX_DEV_FUSED 1 no tiles, 2 on-chip, 3 registers), and ncu of auto and on-chip.
set -u
S=/tmp; for b in m36 d36; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m36 (dbc8c60) / d36 (dev knobs) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
compute-sanitizer --version | tail -1
R() { local tag=$1 b=$2 e=$3; shift 3
  env $e LD_LIBRARY_PATH=$S/stage-$b timeout 60 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s/%s %s (%s)|", s, $(NF-2), c, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
# (c) first, on a quiet GPU
G="--backward --dtype bf16 --shape 58355x575 --shape 29203x1149 --shape 73423x457 --shape 36750x913"
G16="--backward --dtype f16,f32 --shape 29203x1149 --shape 58355x575"
for r in 1 2; do
  for m in 0 1 2 3; do R g-$m-$r d36 SMAX_DEV_FUSED=$m --algo auto $G; R g16-$m-$r d36 SMAX_DEV_FUSED=$m --algo auto $G16; done
  R glog-0-$r d36 SMAX_DEV_FUSED=0 --algo auto --log $G; R glog-2-$r d36 SMAX_DEV_FUSED=2 --algo auto --log $G
done; t grad
NC() { local tag=$1 e=$2; shift 2; env $e LD_LIBRARY_PATH=$S/stage-d36 timeout 90 ncu --section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats --section InstructionStats \
  -k regex:smax --launch-skip 3 --launch-count 1 $S/stage-d36/smax-bench --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 --algo auto "$@" > $L/ncu-$tag.txt 2>&1
  echo "ncu $tag: $(grep -E '^ +(Duration|DRAM Throughput|Compute \(SM\) Throughput|Registers Per Thread|Achieved Occupancy|Executed Instructions |Block Size|Issue Slots Busy)' $L/ncu-$tag.txt | awk '{printf "%s=%s ", $1" "$2, $NF}')"; }
for m in 0 2; do NC bf16-575-$m SMAX_DEV_FUSED=$m --backward --dtype bf16 --shape 58355x575; NC bf16-1149-$m SMAX_DEV_FUSED=$m --backward --dtype bf16 --shape 29203x1149; done
NC f16f32-1149-0 SMAX_DEV_FUSED=0 --backward --dtype f16,f32 --shape 29203x1149
t ncu
# (a) conformance of m36
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 10 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((560 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
(
N=$S/stage-m36
VV=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
while IFS= read -r v; do C m36 c-m36-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$VV"
for v in "fwd f32->f32" "fwd bf16->bf16" "bwd y,dy:f32 dx:f32" "bwd y,dy:bf16 dx:bf16"; do C m36 L-m36-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --large --only large --variant "$v"; done
wait ) & CONF=$!
t "conformance started"
# (b) the standalone cluster exchange
X=.dev/repro/cluster_push; chmod +x $X
for mode in 0 1; do for th in 256 512; do for c in 2 8 15 16; do for rows in 9; do
  [ $mode = 1 ] && [ $c -lt 15 ] && continue
  $X $rows $c $th 4096 $mode >> $L/repro-plain.txt 2>&1
  compute-sanitizer --tool synccheck $X $rows $c $th 4096 $mode > $L/repro-sync-$mode-$th-$c-$rows.txt 2>&1
  echo "sync mode $mode th $th c $c rows $rows: $(grep -E 'rows .* bad' $L/repro-sync-$mode-$th-$c-$rows.txt | sed 's/.*launch/launch/') $(grep 'ERROR SUMMARY' $L/repro-sync-$mode-$th-$c-$rows.txt)"
done; done; done; done
grep -c 'bad 0 ' $L/repro-plain.txt; grep -v 'bad 0 ' $L/repro-plain.txt | head
for tool in racecheck memcheck; do compute-sanitizer --tool $tool $X 9 15 256 4096 0 > $L/repro-$tool.txt 2>&1; echo "$tool 9 15 256: $(grep -E 'bad' $L/repro-$tool.txt | sed 's/.*launch/launch/') $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/repro-$tool.txt)"; done
t repro
# smax's f32 cluster kernels with forced chunks under synccheck
B="--no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0"
for c in 2 8 15 16; do for sh in 2x32768 9x16384; do
  SMAX_DEV_CHUNKS=$c LD_LIBRARY_PATH=$S/stage-d36 timeout 60 compute-sanitizer --tool synccheck $S/stage-d36/smax-bench $B --algo multiblock --dtype f32 --shape $sh > $L/sync-c$c-$sh.txt 2>&1
  echo "smax synccheck c$c $sh: $(grep -E '^ +multiblock' $L/sync-c$c-$sh.txt | awk '{print $2, $3, $4, $5, $6, $7}') $(grep 'ERROR SUMMARY' $L/sync-c$c-$sh.txt)"; done; done
LD_LIBRARY_PATH=$S/stage-m36 timeout 60 compute-sanitizer --tool synccheck --show-backtrace device --print-level info $S/stage-m36/smax-bench $B --algo auto --dtype f32 --shape 9x16384 > $L/sync-bt.txt 2>&1
tail -30 $L/sync-bt.txt
t smaxsync
wait $CONF; t "conformance"
for d in fwd bwd; do
  cat $L/c-m36-${d}_*.txt 2>/dev/null | awk -v b="m36 default $d" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'; done
cat $L/L-*.txt 2>/dev/null | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "m36 large: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
grep -l '^exit [^0]' $L/c-*.txt $L/L-*.txt; grep -h "FAIL" $L/c-*.txt $L/L-*.txt | head -10
t end
