#!/usr/bin/env bash
# H100 call 5 (session 2026-11-23 21:37): the final kernels and plans (one-launch re-read rows:
# share 4 caches, chunks over one wave). Conformance, default tier, of the CUDA, HIP-on-NVIDIA and
# OpenCL-on-NVIDIA builds (one process per variant), and with SMAX_TEST_REREAD=1 (special +
# layout, forward variants); compute-sanitizer (4 tools) over the re-read kernel; smax-bench
# every algorithm and auto at the single-vector shapes on the three builds.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + working tree; $(date -u)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mkdir -p /etc/OpenCL/vendors
echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export SMAX_OPENCL_DEVICE=NVIDIA
S=$PWD/.dev/stage
# smax-bench first, alone on the GPU
for b in cuda hip opencl; do
  for d in f32 bf16; do
    LD_LIBRARY_PATH=$S/$b timeout 70 $S/$b/smax-bench --algo all --dtype $d --shape 1x16777216 --shape 2x16777216 \
      --reps 5 --max-seconds 0.2 --no-overhead --quiet > $logs/bench-$b-$d.txt 2>&1
    t "smax-bench $b $d: exit $?"
    grep -E "^ *(fused|online|multiblock|auto) " $logs/bench-$b-$d.txt | awk '{print "   " $1, $2, $3" "$4" "$5" "$6, $(NF-2), $(NF-1), $NF}'
  done
done
sum() { cat "$@" | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}'; }
conf() { # build timeout env...
  local b=$1 to=$2; shift 2
  mkdir -p $logs/conf-$b $logs/reread-$b
  mapfile -t vs < <(LD_LIBRARY_PATH=$S/$b $S/$b/smax_conformance --help 2>&1 | sed -n 's/^variants: //p' | grep -o "'[^']*'" | tr -d "'")
  local i=0
  for v in "${vs[@]}"; do
    f=$(printf %02d $i); i=$((i+1))
    ( LD_LIBRARY_PATH=$S/$b timeout $to $S/$b/smax_conformance --variant "$v" > $logs/conf-$b/$f.txt 2>&1; echo "exit $?" >> $logs/conf-$b/$f.txt ) &
    case "$v" in fwd*)
    ( export SMAX_TEST_REREAD=1
      LD_LIBRARY_PATH=$S/$b timeout $to $S/$b/smax_conformance --variant "$v" --only special > $logs/reread-$b/$f-special.txt 2>&1; echo "exit $?" >> $logs/reread-$b/$f-special.txt
      LD_LIBRARY_PATH=$S/$b timeout $to $S/$b/smax_conformance --variant "$v" --only layout > $logs/reread-$b/$f-layout.txt 2>&1; echo "exit $?" >> $logs/reread-$b/$f-layout.txt ) & ;;
    esac
  done
  wait
  t "conformance $b, default tier, ${#vs[@]} variants: $(sum $logs/conf-$b/*.txt); not exit 0: $(grep -L 'exit 0' $logs/conf-$b/*.txt | wc -l)"
  t "conformance $b, SMAX_TEST_REREAD=1, special+layout, forward variants: $(sum $logs/reread-$b/*.txt); not exit 0: $(grep -L 'exit 0' $logs/reread-$b/*.txt | wc -l)"
}
conf cuda 200
conf hip 200
conf opencl 250
for tool in memcheck racecheck synccheck initcheck; do
  SMAX_TEST_REREAD=1 LD_LIBRARY_PATH=$S/cuda timeout 100 compute-sanitizer --tool $tool --error-exitcode 99 \
    $S/cuda/smax_conformance --only special --variant 'fwd f32->f32+fwd bf16->bf16' > $logs/san-$tool.txt 2>&1
  t "$tool (SMAX_TEST_REREAD=1, special, fwd f32+bf16): exit $?: $(grep -E 'SUMMARY' $logs/san-$tool.txt | tail -1) $(grep -E '^[0-9]+ passed' $logs/san-$tool.txt | tail -1)"
done
