#!/usr/bin/env bash
# call 1 (2026-11-28, thirteenth session, H200): build "fd" = main 1baf9a1 + a 16-bit row's exponentials folded into
# one FMA (2^(x*k + c)), its sum in running sums, its softmax output with -log2(sum) folded in (on-chip fused rows and
# the one-launch chunks). CUDA conformance of fd, default tier, every forward variant; then mx (= main's kernels) /
# fd / fd / mx at 16-bit forward shapes; ncu of both at bf16 32768 x 8192 and 1024 x 262144; fd's SASS of the loop.
set -u
S=/tmp; for b in mx fd; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
N=$S/stage-fd
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 12 ] && break; sleep 1; done; }
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^fwd')
while IFS= read -r v; do
  throttle
  tag=c-$(echo "$v" | tr -c 'a-z0-9' '_')
  ( LD_LIBRARY_PATH=$N timeout 200 $N/smax_conformance --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!)
done <<< "$V"
wait
cat $L/c-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{k++; if ($2!=0) bad++} END{printf "fd cuda default fwd: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, k, bad}'
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
t conformance
R() { local N=$S/stage-$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s; ", s, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
i=0
for b in mx fd fd mx; do i=$((i+1))
  R $b a$i-bf16-$b --dtype bf16 --shape 65536x4096 --shape 32768x8192 --shape 16384x16384 --shape 8192x32768 --shape 2097152x128 --shape 1024x262144 --shape 8192x50257 --shape 4096x128256
  R $b a$i-f16-$b --dtype f16 --shape 65536x4096 --shape 32768x8192 --shape 4096x65536 --shape 256x1048576
  R $b a$i-log-$b --log --dtype bf16 --shape 32768x8192 --shape 1024x262144
  t a$i
done
M='regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,dram__bytes.sum'
SEC="--section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats"
sum() { echo "$1: $(grep -E '^  [a-z_A-Z0-9]+.*\(|DRAM Throughput|Duration|Achieved Occupancy|Registers Per|issue_active|inst_executed.sum|dram__bytes.sum|stalled' $L/$1.txt | awk '/stalled/ && $NF+0 < 0.4 {next} {print}' | sed 's/smsp__average_warps_issue_stalled_//; s/_per_issue_active.ratio//' | tr -s ' ' | tr '\n' ';')"; }
for b in mx fd; do for s in 32768x8192 1024x262144; do
  tag=ncu-$b-bf16-$s
  LD_LIBRARY_PATH=$S/stage-$b timeout 50 ncu --clock-control none --kernel-name regex:smax_ --launch-skip 2 --launch-count 1 $SEC --metrics "$M" \
    $S/stage-$b/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --algo auto --dtype bf16 --shape $s > $L/$tag.txt 2>&1
  sum $tag
done; done
t ncu
CO=$(command -v cuobjdump || ls /usr/local/cuda*/bin/cuobjdump 2>/dev/null | head -1); echo "cuobjdump: $CO"
[ -n "$CO" ] && $CO -sass -fun smax_fused_bf16_bf16 $N/libsmax.so > $OUT/sass-fd-fused-bf16.txt 2>&1
[ -n "$CO" ] && $CO -sass -fun smax_fused_bf16_bf16 $S/stage-mx/libsmax.so > $OUT/sass-mx-fused-bf16.txt 2>&1
ls -la $OUT
t end
