#!/usr/bin/env bash
# call 2 (thirty-third session, H200): f32 dx of 16-bit y, dy written four elements an item from on-chip memory
# (SMAX_OUT_QUADS: whole sectors a warp store), where call 1's ncu showed the L2 at 92% of its peak with half-sector
# stores. m32 (main a855882) against q1 (the change), A B B A; f1 (main before 34fd3cb) once for reference; OpenCL on
# NVIDIA ocl32 / ocl33 likewise; ncu of q1 at 11181 x 3001; conformance of the mixed gradient variants (CUDA, OpenCL
# on NVIDIA) and compute-sanitizer racecheck/memcheck over each on-chip kernel of the pair.
set -u
S=/tmp; for b in f1 m32 q1 ocl32 ocl33; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "f1 m32 q1 ocl32 ocl33 $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 100 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
NC() { local tag=$1 b=$2 k=$3; shift 3; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 100 ncu --clock-control none --kernel-name regex:$k --launch-skip 2 --launch-count 1 --set full \
    --import-source no -o $L/$tag $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --rotate-mb 0 --algo auto "$@" > $L/ncu-$tag.txt 2>&1
  ncu --import $L/$tag.ncu-rep --page details > $L/$tag-details.txt 2>&1
  ncu --import $L/$tag.ncu-rep --page raw --csv > $L/$tag-raw.csv 2>&1; rm -f $L/$tag.ncu-rep
  echo "$tag: $(grep -E '^ +(Duration|DRAM Throughput|L2 Cache Throughput|Issue Slots Busy|Achieved Occupancy) ' $L/$tag-details.txt | awk '{$1=$1; print}' | tr '\n' ';') L2 write sectors $(python3 -c "import csv,sys; r=list(csv.reader(open('$L/$tag-raw.csv'))); d=dict(zip(r[0],r[2])); print(d.get('lts__t_sectors_srcunit_tex_op_write.sum'))")"; }
i=0; for b in m32 q1 q1 m32 f1; do i=$((i+1))
  R ns-$i-$b $b --algo auto --backward --dtype f32,bf16 $(SH 145 287 575 1149 1500 2048 3001 4001 6001 8192) --shape 1024x65536 --shape 128x262144
  R nl-$i-$b $b --algo auto --log --backward --dtype f32,bf16 $(SH 575 1149 3001 7001) --shape 1024x65536
  R hs-$i-$b $b --algo auto --backward --dtype f32,f16 $(SH 575 1149 3001) --shape 1024x65536
  R bb-$i-$b $b --algo auto --backward --dtype bf16 $(SH 1149 3001)
done; t cuda
R fw-m32 m32 --algo auto --dtype bf16,f32 $(SH 128 575 1149 3001 8192 16384) --shape 1024x65536
R fw-bb m32 --algo auto --dtype bf16 $(SH 128 575 1149 3001 8192 16384) --shape 1024x65536
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
R owarm ocl33 --algo auto --backward --dtype f32,bf16 --shape 64x3001 > /dev/null
i=0; for b in ocl32 ocl33 ocl33 ocl32; do i=$((i+1))
  R ons-$i-$b $b --algo auto --backward --dtype f32,bf16 $(SH 575 1149 3001 8192) --shape 1024x65536
done; t opencl
unset OCL_ICD_VENDORS SMAX_OPENCL_DEVICE
NC s3001-q1 q1 smax_bwd --backward --dtype f32,bf16 $(SH 3001)
NC s1149-q1 q1 smax_bwd --backward --dtype f32,bf16 $(SH 1149)
NC s1149-m32 m32 smax_bwd --backward --dtype f32,bf16 $(SH 1149)
t ncu
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((570 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
for b in q1 ocl33; do M=$S/stage-$b; [ $b = ocl33 ] && export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
  for v in 'bwd y,dy:bf16 dx:f32' 'bwd y,dy:f16 dx:f32'; do C $b c-$b-$(echo "$v" | tr -c 'a-z0-9' '_') $M/smax_conformance --variant "$v"; done
done
B=$S/stage-q1
for tc in "racecheck 1001x575" "racecheck 301x3001" "racecheck 7x65536" "racecheck 3x262144" "memcheck 301x3001" "memcheck 7x65536"; do set -- $tc
  LD_LIBRARY_PATH=$B timeout 120 compute-sanitizer --tool $1 --print-limit 5 $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.01 --rotate-mb 0 --algo auto --backward --dtype f32,bf16 --shape $2 > $L/san-$1-$2.txt 2>&1
  echo "san $1 $2: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/san-$1-$2.txt | tr '\n' ' ')"
done; t sanitizer
wait; t conformance
for b in q1 ocl33; do cat $L/c-$b-*.txt 2>/dev/null | awk -v b="$b mixed bwd" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'; done
grep -h "FAIL" $L/c-*.txt | head -10
t end
