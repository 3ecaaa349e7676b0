#!/usr/bin/env bash
# call 5 (forty-ninth session, H200): is NVIDIA's OpenCL gradient exchange held to fewer groups a unit by its registers?
# Each shape with the stagger CUDA's rule plans (SMAX_STAGGER per shape), NVIDIA's OpenCL: A no cap, B the whole program
# capped at 40 registers an item (-cl-nv-maxrregcount=40, 6 groups of 256 a unit), C B + async keeps for f32
# (-DSMAX_DEV_CL_ASYNC_F32). % of copy, auto.
set -u
S=/tmp; tar xJf .dev/stage/ocl.txz -C $S
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "c49-5; $(date -u)"
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 100 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1; echo "rc=$?" >> $L/$tag.txt
  printf "%s " "$(grep -A1 -E "^[0-9]+x[0-9]+ " $L/$tag.txt | grep -E "auto|FAIL" | awk '{print $NF}' | tr '\n' ' ')"; grep -E "FAIL|rror|rc=[1-9]" $L/$tag.txt | head -3; }
export SMAX_OPENCL_DEVICE=NVIDIA
R warm ocl --algo auto --dtype f32 --shape 64x128 > /dev/null
for v in A B C; do
  case $v in A) O="";; B) O="-cl-nv-maxrregcount=40";; C) O="-cl-nv-maxrregcount=40 -DSMAX_DEV_CL_ASYNC_F32";; esac
  export SMAX_OPENCL_OPTIONS="$O"
  t "$v ($O) f32 256x1M 512x393216 1024x262144 | bf16 256x2M 256x1M 512x524288"
  for c in f32:256x1048576:2 f32:512x393216:6 f32:1024x262144:9 bf16:256x2097152:2 bf16:256x1048576:4 bf16:512x524288:9; do
    IFS=: read d s g <<< "$c"
    [ $v = C ] && [ $d = bf16 ] && continue
    SMAX_STAGGER=$g R $v-$d-$s ocl --algo auto --dtype $d --backward --shape $s
  done; echo
done
t end
