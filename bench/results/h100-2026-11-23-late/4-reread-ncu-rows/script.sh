#!/usr/bin/env bash
# H100 call 4 (session 2026-11-23 21:37). Issue 9, the one-launch re-read kernel: (1) ncu of it
# (DRAM bytes, L2 hit rate) at f32 1 x 2^23 and bf16 1 x 2^24, plain and with streaming stores
# (cs = dev build with __stcs for every 16-byte store); (2) A/B at re-read share 4: rows rule 0
# (132 chunks a row) vs 1 (one wave: 132/rows chunks a row, all rows' input within the share),
# and cs with rule 1, plus three shapes other kernels run, for cs's side effects; (3) conformance
# with SMAX_TEST_REREAD=1 and rule 1.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
M="gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,lts__t_sector_op_read_hit_rate.pct,sm__warps_active.avg.pct_of_peak_sustained_active"
for v in new cs; do
  for c in "f32 1x8388608" "bf16 1x16777216" "f32 1x16777216"; do
    set -- $c
    SMAX_DEV_REREAD_SHARE=4 timeout 40 ncu --metrics $M -k regex:smax_mb_reread --launch-skip 2 --launch-count 1 env LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v \
      .dev/stage/ab/$v/smax-bench --reps 3 --max-seconds 0.05 --no-overhead --algo auto --dtype $1 --shape $2 > $logs/ncu-$v-$1-$2.txt 2>&1
    t "ncu $v $1 $2: $(grep -E 'gpu__time|dram__bytes|hit_rate|warps_active' $logs/ncu-$v-$1-$2.txt | tr -s ' ' | tr '\n' '|')"
  done
done
run() { # variant share rows tag dtype-args...
  local v=$1 sh=$2 rr=$3 tag=$4; shift 4
  SMAX_DEV_REREAD_SHARE=$sh SMAX_DEV_REREAD_ROWS=$rr LD_LIBRARY_PATH=$PWD/.dev/stage/ab/$v timeout 60 .dev/stage/ab/$v/smax-bench --algo auto "$@" \
    --reps 7 --max-seconds 0.3 --no-overhead --quiet > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $4":"$(NF-1)"/"$NF"%"}' | tr '\n' ' ')"
}
F="--shape 1x8388608 --shape 1x16777216 --shape 1x33554432 --shape 2x8388608 --shape 4x8388608"
H="--shape 1x16777216 --shape 1x33554432 --shape 2x16777216 --shape 4x8388608"
O="--shape 65536x4096 --shape 1024x65536 --shape 524288x128"
for round in 1 2; do
  for vs in new:4:0 new:4:1 cs:4:1; do
    IFS=: read v sh rr <<< "$vs"
    [ $((SECONDS-start)) -lt 300 ] || break 2
    run $v $sh $rr r$round-$v$sh$rr-f32 --dtype f32 $F
    run $v $sh $rr r$round-$v$sh$rr-bf16 --dtype bf16 $H
    [ $v = new ] && [ $rr = 0 ] && continue
    run $v $sh $rr r$round-$v$sh$rr-other --dtype bf16 $O
  done
done
t "A/B done"
N=$PWD/.dev/stage/ab/new
mkdir -p $logs/reread
mapfile -t vs < <(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n 's/^variants: //p' | grep -o "'[^']*'" | tr -d "'")
i=0
for v in "${vs[@]}"; do
  f=$(printf %02d $i); i=$((i+1))
  case "$v" in fwd*)
  ( export SMAX_TEST_REREAD=1 SMAX_DEV_REREAD_ROWS=1 SMAX_DEV_REREAD_SHARE=4
    LD_LIBRARY_PATH=$N timeout 150 $N/smax_conformance --variant "$v" --only special > $logs/reread/$f-special.txt 2>&1; echo "exit $?" >> $logs/reread/$f-special.txt
    LD_LIBRARY_PATH=$N timeout 100 $N/smax_conformance --variant "$v" --only layout > $logs/reread/$f-layout.txt 2>&1; echo "exit $?" >> $logs/reread/$f-layout.txt ) & ;;
  esac
done
wait
sum() { cat "$@" | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}'; }
t "SMAX_TEST_REREAD=1 (rule 1, share 4), special+layout, forward variants: $(sum $logs/reread/*.txt)"
grep -L "exit 0" $logs/reread/*.txt | head
