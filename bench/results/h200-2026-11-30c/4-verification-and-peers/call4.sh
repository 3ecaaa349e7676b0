#!/usr/bin/env bash
# call 4 (twenty-sixth session, H200): (a) ncu (--clock-control none, full set) of the bf16 forward tiles, 231409 x 145,
# main (m26, 140f1ac) against p26 (two overlaid tiles a group, call 2); (b) peer_bench at 1024 x 262144 (smax auto, torch,
# Triton), f32/bf16/f16 forward, f32/bf16 gradient, main; (c) main's verification: conformance, default tier, every
# variant, CUDA (m26, sm_90), HIP on NVIDIA (hip26) and OpenCL on NVIDIA (ocl26m); CUDA large tier (f32 and bf16,
# forward and gradient); compute-sanitizer memcheck, racecheck, synccheck at the gradient's and forward's tiles.
set -u
S=/tmp; for b in m26 p26 hip26 ocl26m; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m26 (main 140f1ac), p26, hip26, ocl26m $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
P=/opt/torch/.venv/bin/python3
$P -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)"
NC() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 120 ncu --clock-control none --kernel-name regex:smax_fused_tile --launch-skip 2 --launch-count 1 --set full \
    --import-source no -o $L/$tag $B/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --rotate-mb 0 --algo auto "$@" > $L/ncu-$tag.txt 2>&1
  ncu --import $L/$tag.ncu-rep --page details > $L/$tag-details.txt 2>&1; rm -f $L/$tag.ncu-rep
  echo "$tag: $(grep -E '^ +(Duration|DRAM Throughput|Issue Slots Busy|Executed Ipc Active|Achieved Occupancy|No Eligible|Warp Cycles Per Issued Instruction|Registers Per Thread|Block Limit Registers|Block Limit Shared Mem) ' $L/$tag-details.txt | awk '{$1=$1; print}' | tr '\n' ';')"; }
NC t145-m26 m26 --dtype bf16 --shape 231409x145
NC t145-p26 p26 --dtype bf16 --shape 231409x145
t ncu
N=$S/stage-m26
PB() { local tag=$1 lim=$2; shift 2; local d=$L/peers-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit 140f1ac --out $d --impl smax-auto,torch,triton --reps 7 --budget 0.5 --shape 1024x262144 "$@" > $d/peers.txt 2>&1
  t "peers $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
PB f32 40 --dtype f32
PB bf16 40 --dtype bf16
PB f16 40 --dtype f16
PB f32-bwd 40 --dtype f32 --backward
PB bf16-bwd 40 --dtype bf16 --backward
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$M timeout $((585 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
SF="--shape 1000x100 --shape 1000x145 --shape 999x229 --shape 1000x457 --shape 500x913 --shape 7x145 --shape 333x1149 --shape 3000x33"
for tool in memcheck racecheck synccheck; do
  for a in "--backward --dtype bf16" "--backward --dtype f16,f32" "--backward --log --dtype bf16" "--dtype bf16"; do
    C m26 san-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto $a $SF; done
done
while IFS= read -r v; do C m26 c-cuda-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$V"
for v in 'fwd f32->f32' 'fwd bf16->bf16' 'bwd y,dy:f32 dx:f32' 'bwd y,dy:bf16 dx:bf16'; do
  C m26 cl-cuda-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --large --only large --variant "$v"; done
t "cuda queued"
for b in hip26 ocl26m; do M=$S/stage-$b
  while IFS= read -r v; do C $b c-$b-$(echo "$v" | tr -c 'a-z0-9' '_') $M/smax_conformance --variant "$v"; done <<< "$V"
  t "queued $b"; done
wait; t "all done"
for b in cuda hip26 ocl26m; do for d in fwd bwd; do
  cat $L/c-$b-${d}_*.txt 2>/dev/null | awk -v b="$b default $d" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done
for f in $L/cl-*.txt; do echo "$(basename $f): $(grep -E '^[0-9]+ passed' $f | tail -1) | $(tail -1 $f)"; done
grep -l '^exit [^0]' $L/c-*.txt $L/cl-*.txt; grep -h "FAIL" $L/c-*.txt $L/cl-*.txt | head -10
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(tail -1 $f)"; done
t end
