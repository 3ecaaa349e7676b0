#!/usr/bin/env bash
# call 2 (2026-11-29, sixteenth session, H200): the register kernels' instruction overheads.
# f1 = 0f4419f (main's kernels); c1 = f1 + lifted exponentials with a 16-bit output (call 1's A) + the softmax output
# as one multiply (smax_fused_finish_vec) + the row slot by shifts (lanes a power of two); c2 = c1 + 16-byte stores as
# one instruction on NVIDIA (asm st.global.v4.b32: nvcc split each lane's first vector of the register kernels into
# four 4-byte stores). (a) smax-bench auto, % of copy, f1 c1 c2 c2 c1 f1; (b) ncu bf16 524288 x 128; (c) c2
# conformance, default tier, every CUDA variant, large tier bf16 forward; memcheck and racecheck of the register kernels.
set -u
S=/tmp; for b in f1 c1 c2; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "f1=0f4419f c1 c2: $(cat .dev/commit.s16c2) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
R() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b
  [ $SECONDS -gt 300 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s; ", s, $4, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
sh() { local c; for c in "$@"; do printf -- "--shape %dx%d " $(( (1 << 26) / c )) $c; done; }
i=0
for b in f1 c1 c2 c2 c1 f1; do i=$((i+1))
  R $b a$i-$b-bf16 --dtype bf16 $(sh 128 512 2048 1000 4096 16384 262144)
  R $b a$i-$b-f16 --dtype f16 $(sh 128 1024)
  R $b a$i-$b-bf16log --log --dtype bf16 $(sh 128 1024)
  R $b a$i-$b-f32 --dtype f32 $(sh 128 1024 4096 16384 262144)
  R $b a$i-$b-f32bf16 --dtype f32,bf16 $(sh 128 1024)
  R $b a$i-$b-bwdbf16 --backward --dtype bf16 $(sh 128 1024 4096)
  R $b a$i-$b-bwdf32 --backward --dtype f32 $(sh 128 1024 4096)
  t a$i
done
M='regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,dram__bytes.sum,lts__t_requests_srcunit_tex_op_write.sum'
SEC="--section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats"
sum() { echo "$1: $(grep -E '^  [a-z_A-Z0-9]+.*\(|DRAM Throughput|Duration|Achieved Occupancy|Registers Per|issue_active|inst_executed.sum|dram__bytes.sum|lts__t_req|stalled' $L/$1.txt | awk '/stalled/ && $NF+0 < 0.4 {next} {print}' | sed 's/smsp__average_warps_issue_stalled_//; s/_per_issue_active.ratio//' | tr -s ' ' | tr '\n' ';')"; }
for b in f1 c1 c2; do N=$S/stage-$b
  LD_LIBRARY_PATH=$N timeout 40 ncu --clock-control none --kernel-name regex:smax_ --launch-skip 2 --launch-count 1 $SEC --metrics "$M" \
    $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --algo auto --dtype bf16 --shape 524288x128 > $L/ncu-$b.txt 2>&1
  sum ncu-$b
done
t ncu
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 13 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$N timeout $((575 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
N=$S/stage-c2
for tool in memcheck racecheck; do for a in "--dtype bf16" "--dtype f32" "--backward --dtype bf16" "--dtype f16 --log"; do
  C c2 san-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --algo auto $a --shape 1000x128 --shape 333x1000 --shape 100x2048; done; done
C c2 c-large-bf16 $N/smax_conformance --large --only large --variant 'fwd bf16->bf16'
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
while IFS= read -r v; do C c2 c-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$V"
t queued
wait
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(tail -1 $f)"; done
for f in $L/c-*.txt; do echo "$(basename $f): $(grep -E '^[0-9]+ passed' $f | tail -1) | $(tail -1 $f)"; done
cat $L/c-fwd*.txt $L/c-bwd*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "CUDA default: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
grep -h "FAIL" $L/c-*.txt | head -10
t end
