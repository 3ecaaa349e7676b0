#!/usr/bin/env bash
# call 1 (thirty-fourth session, H200): forward rows of a 16-bit x written as f32 of 257-1024 columns run in the
# register kernel (575: 72.7% of copy, issue-bound). r1 = m33 (main e315044) with those rows on-chip (lanes of 64
# elements, the quads); r2 = r1 with such rows' lanes halved once where at most 5/8 full. A B C C B A. Then conformance
# of m33 (e315044's forward refactor: every forward variant, CUDA and OpenCL on NVIDIA) and of r1 / r2's mixed
# forward; racecheck of the on-chip rows r1 / r2 run.
set -u
S=/tmp; for b in m33 r1 r2 ocl36; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m33 r1 r2 ocl36 $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 100 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
i=0; for b in m33 r1 r2 r2 r1 m33; do i=$((i+1))
  R fs-$i-$b $b --algo auto --dtype bf16,f32 $(SH 260 300 320 400 457 512 575 640 725 800 913 1000 1024 1025)
  R hs-$i-$b $b --algo auto --dtype f16,f32 $(SH 320 575 800 1000)
  R fl-$i-$b $b --algo auto --log --dtype bf16,f32 $(SH 320 575 800 1000)
done; t bench
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((560 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
for b in m33 ocl36; do M=$S/stage-$b; [ $b = ocl36 ] && export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
  for v in 'fwd f32->f32' 'fwd f16->f16' 'fwd bf16->bf16' 'fwd f16->f32' 'fwd bf16->f32' 'fwd f32->bf16' 'fwd bf16->f16'; do C $b c-$b-$(echo "$v" | tr -c 'a-z0-9' '_') $M/smax_conformance --variant "$v"; done
done
unset OCL_ICD_VENDORS SMAX_OPENCL_DEVICE
for b in r1 r2; do for v in 'fwd bf16->f32' 'fwd f16->f32'; do C $b c-$b-$(echo "$v" | tr -c 'a-z0-9' '_') $S/stage-$b/smax_conformance --variant "$v"; done; done
C m33 L-m33-fwd_bf16_f32 $S/stage-m33/smax_conformance --large --variant 'fwd bf16->f32'
for b in r1 r2; do B=$S/stage-$b
  for shp in 1001x300 1001x575 1001x1000; do for lg in "" --log; do
    LD_LIBRARY_PATH=$B timeout 100 compute-sanitizer --tool racecheck --print-limit 5 $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.01 --rotate-mb 0 --algo auto $lg --dtype bf16,f32 --shape $shp > $L/san-$b-$shp$lg.txt 2>&1
    echo "san $b racecheck $shp $lg: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/san-$b-$shp$lg.txt | tr '\n' ' ')"
  done; done
done; t sanitizer
wait; t conformance
for b in m33 ocl36 r1 r2; do cat $L/c-$b-*.txt 2>/dev/null | awk -v b="$b" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'; done
cat $L/L-m33-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "m33 --large fwd bf16->f32: %d passed, %d failed, %d skipped, %d nonzero exits\n", p, f, s, bad}'
grep -h "FAIL" $L/c-*.txt $L/L-*.txt | head -10
t end
