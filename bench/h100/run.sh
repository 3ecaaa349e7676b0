#!/usr/bin/env bash
# bench/h100/run.sh STEP... - what was run on the H100 machine, step by step,
# over build folders made on the build machine and carried along
# (build-cuda, build-opencl, build-hip-nvidia). Logs go to $OUT (or
# ./h100-out). Steps:
#   conformance   CUDA, OpenCL-on-NVIDIA and HIP-on-NVIDIA suites, default tier
#   large         the same, large tier
#   sanitizer     compute-sanitizer memcheck, racecheck, initcheck, synccheck
#                 over the CUDA conformance suite
#   bench         smax-bench on the peer shapes, each build: f32, bf16
#                 forward, f32 backward
#   peers         bench/peer_bench.py: smax (CUDA) vs torch vs Triton, fp32,
#                 bf16 and f16 forward, fp32 and bf16 backward, each into its
#                 own folder of $OUT
set -u
out=${OUT:-h100-out}
mkdir -p "$out"
# The NVIDIA OpenCL driver is present but not registered with the loader.
mkdir -p /etc/OpenCL/vendors
echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export SMAX_OPENCL_DEVICE=NVIDIA

builds=()
for b in build-cuda build-opencl build-hip-nvidia; do [ -d "$b" ] && builds+=("$b"); done

summary() { echo "$1: $(grep -E '^[0-9]+ passed, [0-9]+ failed' "$2" | tail -1) (exit $3)"; }

for step in "$@"; do
  case $step in
  conformance|large)
    flag=""; [ "$step" = large ] && flag=--large
    for b in "${builds[@]}"; do
      log="$out/$step-${b#build-}.txt"
      start=$SECONDS
      "$b/tests/smax_conformance" $flag > "$log" 2>&1; rc=$?
      summary "$step ${b#build-} ($((SECONDS - start)) s)" "$log" $rc
    done ;;
  sanitizer)
    for tool in memcheck racecheck initcheck synccheck; do
      log="$out/sanitizer-$tool.txt"
      start=$SECONDS
      compute-sanitizer --tool "$tool" --error-exitcode 99 \
        build-cuda/tests/smax_conformance ${SMAX_SANITIZER_ARGS:-} > "$log" 2>&1
      rc=$?
      echo "sanitizer $tool ($((SECONDS - start)) s): $(grep -E 'ERROR SUMMARY' "$log" | tail -1); $(grep -E '^[0-9]+ passed' "$log" | tail -1) (exit $rc)"
    done ;;
  bench)
    for b in "${builds[@]}"; do
      for mode in "f32" "bf16" "f32 --backward"; do
        set -- $mode
        tag=${b#build-}-$1${2:+-backward}
        "$b/bench/smax-bench" --shapes bench/shapes/peer.txt --quiet --dtype "$@" \
          --csv "$out/smax-bench-$tag.csv" --json "$out/smax-bench-$tag.json" \
          > "$out/smax-bench-$tag.txt" 2>&1
        echo "smax-bench $tag: exit $?"
      done
    done ;;
  peers)
    for mode in "f32" "bf16" "f16" "f32 --backward" "bf16 --backward"; do
      set -- $mode
      dir=$out/peers-$1${2:+-backward}
      mkdir -p "$dir"
      PYTHONUNBUFFERED=1 python3 bench/peer_bench.py --lib build-cuda/libsmax.so \
        --dtype "$@" --out "$dir" ${SMAX_PEER_ARGS:-} > "$dir/peers.txt" 2>&1
      echo "peer_bench $mode: exit $?"
    done ;;
  *) echo "unknown step $step" >&2; exit 2 ;;
  esac
done
