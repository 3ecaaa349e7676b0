#!/usr/bin/env bash
# call 2 (thirty-sixth session): (1) the 16-bit gradient's split in groups of 128 up to its reach (ocl46 = 90e4f88,
# before any split gradient; ocl51 = the tree of this script's commit's parent: 16-bit y and dy split in 128 items
# at most), A B B A through NVIDIA's OpenCL; (2) the smax-bench backend tables of NVIDIA's OpenCL at ocl51 (every
# algorithm and auto, bench/shapes/backend.txt; f32 and bf16, forward and gradient), the first since NVML and the
# split kernels.
set -u
S=/tmp; for b in ocl46 ocl51; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "ocl46 ocl51 $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
for b in ocl46 ocl51; do for d in f32 bf16 f32,bf16; do R warm-$b-$d $b --backward --algo auto --dtype $d --shape 64x3001 --shape 64x14000 > /dev/null & done; done
R warm-ocl51-fwd ocl51 --algo auto --dtype f32 --shape 64x3001 > /dev/null & R warm-ocl51-fwdb ocl51 --algo auto --dtype bf16 --shape 64x3001 > /dev/null & wait; t warm
i=0; for b in ocl46 ocl51 ocl51 ocl46; do i=$((i+1))
  R gb-$i-$b $b --backward --algo auto --dtype bf16 $(SH 12000 14000 15500 16000)
  R gw-$i-$b $b --backward --algo auto --dtype f32,bf16 $(SH 12000 14000 15500 16000)
  t round $i
done
B() { local tag=$1 lim=$2; shift 2; local N=$S/stage-ocl51
  [ $SECONDS -gt $((570 - lim)) ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout $lim $N/smax-bench --shapes bench/shapes/backend.txt --algo all --reps 3 --max-seconds 0.15 --no-overhead --quiet --csv $L/backend-$tag.csv "$@" > $L/backend-$tag.txt 2>&1; local rc=$?
  t "backend $tag: $(tail -1 $L/backend-$tag.txt) exit $rc"
  awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "  %s %s %s%% ratio %s\n", s, $2, $(NF-1), $NF}' $L/backend-$tag.txt; }
B ocl-f32 110 --dtype f32
B ocl-bf16 110 --dtype bf16
B ocl-f32-bwd 110 --dtype f32 --backward
B ocl-bf16-bwd 110 --dtype bf16 --backward
t end
