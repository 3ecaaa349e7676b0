#!/usr/bin/env bash
# call 4 (2026-11-28, fourteenth session, H200): dab46a4 ("c2"). (a) the peer table's f32 forward (smax auto,
# torch.softmax, Triton; % of copy in the same run); (b) ncu of on-chip rows of equal lanes on and off the vector grid
# (bf16 -> f32 1300 and 1536 columns, 64 lanes each; bf16 2600 and 2601 columns, 64 lanes each).
set -u
S=/tmp; tar xJf .dev/stage/c2.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit.c2) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
P=/opt/torch/.venv/bin/python3
N=$S/stage-c2
M='regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,dram__bytes_read.sum,dram__bytes_write.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum,smsp__sass_inst_executed_op_global_ld.sum,smsp__sass_inst_executed_op_global_st.sum,smsp__sass_inst_executed_op_ldgsts.sum'
SEC="--section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats"
sum() { echo "$1: $(grep -E '^  [a-z_A-Z0-9]+.*\(|DRAM Throughput|Duration|Achieved Occupancy|Registers Per|issue_active|inst_executed|dram__bytes|l1tex__|stalled' $L/$1.txt | awk '/stalled/ && $NF+0 < 0.4 {next} {print}' | sed 's/smsp__average_warps_issue_stalled_//; s/_per_issue_active.ratio//' | tr -s ' ' | tr '\n' ';')"; }
for a in "bf16,f32 51622x1300" "bf16,f32 43690x1536" "bf16 25811x2600" "bf16 25801x2601"; do set -- $a
  tag=ncu-${1/,/-}-$2
  LD_LIBRARY_PATH=$N timeout 50 ncu --clock-control none --kernel-name regex:smax_ --launch-skip 2 --launch-count 1 $SEC --metrics "$M" \
    $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --algo auto --dtype $1 --shape $2 > $L/$tag.txt 2>&1
  sum $tag
done
t ncu
PB() { local tag=$1 lim=$2; shift 2; local d=$L/peers-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit dab46a4 --out $d --impl smax-auto,torch,triton --reps 10 --budget 0.8 "$@" > $d/peers.txt 2>&1
  t "peers $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
PB f32 $((560 - SECONDS)) --dtype f32
t end
