#!/usr/bin/env bash
# call 5 (thirty-third session, H200): HIP on NVIDIA with the quads (hipnv33 = q3's source): conformance of every
# mixed-width variant, and the call 4 shapes once (main's HIP build does not fit the device tool's carry beside it;
# CUDA's A B B A measured the same kernel source); ncu of q3's forward bf16 -> f32 at 58355 x 575 (72.7% of copy,
# the lowest of call 4) and of bf16 -> bf16 at the same shape, for what bounds it.
set -u
S=/tmp; for b in q3 hipnv33; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "q3 hipnv33 $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 100 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
NC() { local tag=$1 b=$2 k=$3; shift 3; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 100 ncu --clock-control none --kernel-name regex:$k --launch-skip 2 --launch-count 1 --set full \
    --import-source no -o $L/$tag $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --rotate-mb 0 --algo auto "$@" > $L/ncu-$tag.txt 2>&1
  ncu --import $L/$tag.ncu-rep --page details > $L/$tag-details.txt 2>&1
  ncu --import $L/$tag.ncu-rep --page raw --csv > $L/$tag-raw.csv 2>&1; rm -f $L/$tag.ncu-rep
  echo "$tag: $(grep -E '^ +(Duration|DRAM Throughput|L2 Cache Throughput|Issue Slots Busy|Achieved Occupancy|Registers Per Thread|No Eligible) ' $L/$tag-details.txt | awk '{$1=$1; print}' | tr '\n' ';') L2 write sectors $(python3 -c "import csv,sys; r=list(csv.reader(open('$L/$tag-raw.csv'))); d=dict(zip(r[0],r[2])); print(d.get('lts__t_sectors_srcunit_tex_op_write.sum'), d.get('smsp__inst_executed.sum'))")"; }
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((400 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
R hfs hipnv33 --algo auto --dtype bf16,f32 $(SH 128 575 1149 3001 8192 16384 32768) --shape 1024x65536 --shape 128x262144
R hfl hipnv33 --algo auto --log --dtype bf16,f32 $(SH 1149 3001 16384) --shape 1024x65536
R hns hipnv33 --algo auto --backward --dtype f32,bf16 $(SH 145 575 1149 3001 8192) --shape 1024x65536 --shape 128x262144
t hip
NC f575 q3 smax_fused --dtype bf16,f32 $(SH 575)
NC b575 q3 smax_fused --dtype bf16 $(SH 575)
t ncu
M=$S/stage-hipnv33
for v in 'fwd bf16->f32' 'fwd f16->f32' 'bwd y,dy:bf16 dx:f32' 'bwd y,dy:f16 dx:f32'; do C hipnv33 c-hip-$(echo "$v" | tr -c 'a-z0-9' '_') $M/smax_conformance --variant "$v"; done
wait; t conformance
cat $L/c-hip-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "hipnv33 mixed: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
grep -h "FAIL" $L/c-*.txt | head -5
t end
