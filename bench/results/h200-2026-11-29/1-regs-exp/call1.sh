#!/usr/bin/env bash
# call 1 (2026-11-29, sixteenth session, H200): the forward register kernel's exponentials with a 16-bit output.
# m = 0f4419f (main's kernels and plans); A = m + lifted exp (SMAX_ROW_EXP_LIFTED: FMA + ex2.approx.ftz, where exp2f
# spent a compare and two predicated multiplies more); B = A + folded (one FMA + ex2 an element where |max| <= 128).
# (a) smax-bench auto, % of copy, m A B B A m, twice; (b) ncu of bf16 524288 x 128 each; (c) SASS counts;
# (d) conformance of B and A, default tier, the forward variants with a 16-bit output, and the large tier of bf16.
set -u
S=/tmp; for b in f1 rA rB; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "f1=0f4419f rA rB $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
R() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b
  [ $SECONDS -gt 330 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s; ", s, $4, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
sh() { local c; for c in "$@"; do printf -- "--shape %dx%d " $(( (1 << 26) / c )) $c; done; }
i=0
for b in f1 rA rB rB rA f1 rA f1 rB rB f1 rA; do i=$((i+1))
  R $b a$i-$b-bf16 --dtype bf16 $(sh 128 256 512 1024 2048 1000)
  R $b a$i-$b-f16 --dtype f16 $(sh 128 1024)
  R $b a$i-$b-f32bf16 --dtype f32,bf16 $(sh 128 1024)
  R $b a$i-$b-bf16log --log --dtype bf16 $(sh 128 1024)
  R $b a$i-$b-f32 --dtype f32 $(sh 128 1024)
  t a$i
done
M='regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,dram__bytes.sum'
SEC="--section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats"
sum() { echo "$1: $(grep -E '^  [a-z_A-Z0-9]+.*\(|DRAM Throughput|Duration|Achieved Occupancy|Registers Per|issue_active|inst_executed.sum|dram__bytes.sum|stalled' $L/$1.txt | awk '/stalled/ && $NF+0 < 0.4 {next} {print}' | sed 's/smsp__average_warps_issue_stalled_//; s/_per_issue_active.ratio//' | tr -s ' ' | tr '\n' ';')"; }
for b in f1 rA rB; do N=$S/stage-$b
  LD_LIBRARY_PATH=$N timeout 40 ncu --clock-control none --kernel-name regex:smax_ --launch-skip 2 --launch-count 1 $SEC --metrics "$M" \
    $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --algo auto --dtype bf16 --shape 524288x128 > $L/ncu-$b.txt 2>&1
  sum ncu-$b
done
t ncu
if command -v cuobjdump >/dev/null; then for b in f1 rA rB; do
  cuobjdump -sass -fun smax_fused_regs_bf16_bf16 $S/stage-$b/libsmax.so > $L/sass-$b.txt 2>&1
  echo "sass $b: $(grep -cE '^\s+/\*[0-9a-f]+\*/' $L/sass-$b.txt) instructions, MUFU $(grep -c MUFU $L/sass-$b.txt), FSETP $(grep -c FSETP $L/sass-$b.txt)"; done
else echo "no cuobjdump: $(ls /usr/local/cuda*/bin 2>/dev/null | tr '\n' ' ')"; fi
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 13 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$N timeout $((570 - SECONDS)) $N/smax_conformance "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
V=$(LD_LIBRARY_PATH=$S/stage-rB $S/stage-rB/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^fwd' | grep -E -- '->(bf16|f16)')
echo "variants: $(echo $V | tr '\n' ' ')"
C rB c-large-rB-bf16 --large --only large --variant 'fwd bf16->bf16'
while IFS= read -r v; do for b in rB rA; do C $b c-$b-$(echo "$v" | tr -c 'a-z0-9' '_') --variant "$v"; done; done <<< "$V"
t queued
wait
for f in $L/c-*.txt; do echo "$(basename $f): $(grep -E '^[0-9]+ passed' $f | tail -1) | $(tail -1 $f)"; done
grep -h "FAIL" $L/c-*.txt | head -10
t end
