#!/usr/bin/env bash
# call 4 (2026-11-29, sixteenth session, H200): A = 163067d + the register kernel's lifted exponentials with a 16-bit
# output (what lands); f1 = 0f4419f; rv4 = A + four vectors an item for 16-bit pairs (SMAX_FWD_REG_VECTORS 4, 8 groups
# of 128 a compute unit; rows of up to 4096 columns in registers). (a) OpenCL on NVIDIA, f1 / A ABBA at the register
# kernel's rows; CUDA A / rv4 ABBA and ncu; (b) peers (torch, Triton) at bf16 and f16 2097152 x 128 with A;
# (c) conformance, default tier, the forward variants of HIP on NVIDIA and OpenCL on NVIDIA (A); compute-sanitizer
# memcheck and racecheck of CUDA A's register kernel.
set -u
S=/tmp; for b in A rv4 hipnv-A ocl-A ocl-f1; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "A: $(cat .dev/commit.s16c4) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
R() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b
  [ $SECONDS -gt 230 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s; ", s, $4, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
sh() { local c; for c in "$@"; do printf -- "--shape %dx%d " $(( (1 << 26) / c )) $c; done; }
i=0
for b in f1 A A f1; do i=$((i+1))
  R ocl-$b o$i-ocl-$b-bf16 --dtype bf16 $(sh 128 512 1024)
  R ocl-$b o$i-ocl-$b-f16 --dtype f16 $(sh 128)
  R ocl-$b o$i-ocl-$b-bf16log --log --dtype bf16 $(sh 128)
  R ocl-$b o$i-ocl-$b-f32 --dtype f32 $(sh 128)
  t o$i
done
i=0
for b in A rv4 rv4 A A rv4; do i=$((i+1))
  R $b a$i-$b-bf16 --dtype bf16 $(sh 128 256 512 1024 2048 3000 4096 1000)
  R $b a$i-$b-f16 --dtype f16 $(sh 128 1024 4096)
  R $b a$i-$b-bf16log --log --dtype bf16 $(sh 128 1024)
  t a$i
done
M='breakdown:lts__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_requests_srcunit_tex_op_write.sum,lts__t_sectors_srcunit_tex_op_write.sum,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active'
for b in A rv4; do N=$S/stage-$b
  LD_LIBRARY_PATH=$N timeout 40 ncu --clock-control none --kernel-name regex:smax_ --launch-skip 2 --launch-count 1 --section SpeedOfLight --section Occupancy --section LaunchStats --metrics "$M" \
    $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --algo auto --dtype bf16 --shape 524288x128 > $L/ncu-$b.txt 2>&1
  echo "ncu-$b: $(grep -E 'DRAM Throughput|Duration|L2 Cache Throughput|lts__|inst_executed|issue_active|Registers Per|Achieved Occ' $L/ncu-$b.txt | awk '$NF+0 >= 5 || /lts__t_(req|sec)|Duration|inst|Regis/' | tr -s ' ' | tr '\n' ';')"
done
t ncu
N=$S/stage-A; P=/opt/torch/.venv/bin/python3
PB() { local tag=$1 lim=$2; shift 2; local d=$L/peers-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit "$(cat .dev/commit.s16c4)" --out $d --impl smax-auto,torch,triton --reps 10 --budget 0.8 "$@" > $d/peers.txt 2>&1
  t "peers $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
PB bf16 60 --dtype bf16 --shape 2097152x128
PB f16 60 --dtype f16 --shape 2097152x128
PB bf16log 60 --dtype bf16 --log --shape 2097152x128
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 13 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$N timeout $((575 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
for tool in memcheck racecheck; do for a in "--dtype bf16" "--dtype f16 --log" "--dtype f32,bf16"; do
  C A san-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --algo auto $a --shape 1000x128 --shape 333x1000 --shape 100x2048 --shape 77x100; done; done
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^fwd')
for be in hipnv ocl; do while IFS= read -r v; do C $be-A c-$be-$(echo "$v" | tr -c 'a-z0-9' '_') $S/stage-$be-A/smax_conformance --variant "$v"; done <<< "$V"; done
t queued
wait
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(tail -1 $f)"; done
for be in hipnv ocl; do cat $L/c-$be-*.txt | awk -v be=$be '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s default fwd: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", be, p, f, s, n, bad}'; done
grep -h "FAIL" $L/c-*.txt | head -10
t end
