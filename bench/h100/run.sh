#!/usr/bin/env bash
# bench/h100/run.sh STEP... - what is run on the H100 machine, step by step,
# over build folders made on the build machine and carried along
# (build-cuda, build-opencl, build-hip-nvidia; only the libraries, the
# suite, its support library and smax-bench are needed). Logs go to $OUT
# (or ./h100-out). Steps:
#   conformance   CUDA, OpenCL-on-NVIDIA and HIP-on-NVIDIA suites, default
#                 tier, the three builds side by side
#   large         the large tier: its group "large" one process per build
#                 and variant, $SMAX_JOBS (default 8) at a time (host-bound:
#                 float64 references of rows up to 2^28), and its group
#                 "huge" (> 2^31 elements, up to 26 GB of device memory a
#                 variant) one process per build and variant beside them,
#                 $SMAX_HUGE_JOBS (default 4) at a time (the three builds'
#                 whole tier takes longer than one 10-minute device call:
#                 run large-only and huge in calls of their own)
#   large-only    the same without "huge"
#   huge          "huge" alone
#   sanitizer     compute-sanitizer memcheck, racecheck, initcheck and
#                 synccheck (clusters capped at 8: SMAX_CLUSTERS), side by
#                 side, over the CUDA suite (default
#                 tier; $SMAX_SANITIZER_ARGS narrows it, e.g. --variant;
#                 the whole tier under the four tools takes longer than a
#                 10-minute device call on the H100: narrow it there)
#   bench         smax-bench, each build ($SMAX_BENCH_BUILDS narrows them,
#                 e.g. "opencl hip-nvidia"), every algorithm and auto, on
#                 $SMAX_BENCH_SHAPES (default bench/shapes/peer.txt) for each
#                 mode of $SMAX_BENCH_MODES (default "f32,bf16,f32
#                 --backward"), with $SMAX_BENCH_ARGS (e.g. "--reps 5
#                 --max-seconds 0.25")
#   peers         bench/peer_bench.py: smax (CUDA) vs torch vs Triton, fp32,
#                 bf16 and f16 forward, fp32 and bf16 backward ($SMAX_PEER_MODES
#                 narrows them, e.g. "f32,bf16 --backward"), each into its
#                 own folder of $OUT (about 2 minutes a mode with
#                 SMAX_PEER_ARGS="--impl smax-auto,torch,triton --reps 15
#                 --budget 1.5")
#   sweeps        bench/peer_bench.py over bench/shapes/sweep-cols.txt (cols
#                 128 to 2^20 at 2^26 elements) and sweep-rows.txt (1 to
#                 65536 rows of 32000), for each mode of $SMAX_SWEEP_MODES
#                 (default "f32,bf16,f32 --backward,bf16 --backward"), each
#                 into $OUT/sweep-{cols,rows}-MODE; plots of GB/s against
#                 cols or rows
#   all           the BACKEND=all build (build-all) through its loader: the
#                 default tier once per plugin (SMAX_BACKEND=cuda, hip,
#                 opencl), side by side
#   python        the Python package from the wheels in $SMAX_WHEELS
#                 (default .whl), or with SMAX_PY_SOURCE=1 `pip install .`
#                 of this tree with scikit-build-core from $SMAX_WHEELS:
#                 pytest with torch and CuPy, and the smax-vs-torch timing
#                 table (bench/h100/python.sh)
#   archive       packs everything in $OUT into $OUT/logs.tgz (the device
#                 tool brings back only a few files per call); run it last,
#                 and bound the steps before it with `timeout` so that it
#                 runs within the call's 10 minutes
set -u
out=${OUT:-h100-out}
mkdir -p "$out"
# The NVIDIA OpenCL driver is present but not registered with the loader:
# registered in a vendors folder of this run's own (ocl-icd reads
# OCL_ICD_VENDORS), so that nothing outside it is written, and only where
# the driver is.
nv_icd=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
if [ -e "$nv_icd" ]; then
  vendors=$(mktemp -d)
  echo "$nv_icd" > "$vendors/nvidia.icd"
  export OCL_ICD_VENDORS=$vendors
fi
export SMAX_OPENCL_DEVICE=NVIDIA
jobs_max=${SMAX_JOBS:-8}

builds=()
for b in build-cuda build-opencl build-hip-nvidia; do [ -d "$b" ] && builds+=("$b"); done

# Runs "$@" with build $1's libraries first on the search path (the
# carried binaries' run paths name the build machine's folders).
in_build() {
  local b=$1; shift
  LD_LIBRARY_PATH="$PWD/$b:$PWD/$b/tests${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$@"
}

summary_line() { grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -1; }

# Waits until fewer than $jobs_max background jobs run.
throttle() { while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do sleep 1; done; }

variants() {
  in_build "${builds[0]}" "${builds[0]}/tests/smax_conformance" --help 2>&1 |
    sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'"
}

# Starts smax_conformance --only GROUP once per build and variant (as
# throttle allows), each into $out/large-BUILD/PREFIXNN.txt; vs holds the
# variants.
group_per_variant() {
  local group=$1 prefix=$2 b v i log
  for b in "${builds[@]}"; do
    i=0
    for v in "${vs[@]}"; do
      throttle
      log="$out/large-${b#build-}/$prefix$(printf %02d $i).txt"
      i=$((i + 1))
      ( in_build "$b" "$b/tests/smax_conformance" --only "$group" --variant "$v" > "$log" 2>&1
        echo "exit $?" >> "$log" ) &
    done
  done
}

for step in "$@"; do
  case $step in
  conformance)
    for b in "${builds[@]}"; do
      (
        log="$out/conformance-${b#build-}.txt"
        start=$SECONDS
        in_build "$b" "$b/tests/smax_conformance" > "$log" 2>&1
        rc=$?
        echo "conformance ${b#build-} ($((SECONDS - start)) s): $(summary_line "$log") (exit $rc)"
      ) &
    done
    wait ;;
  large|large-only|huge)
    # Groups "large" (host-bound: one process per build and variant,
    # $SMAX_JOBS at a time) and "huge" (> 2^31 elements: up to 26 GB of
    # device memory and about a minute of host checking a variant, so one
    # process per build and variant too, $SMAX_HUGE_JOBS (default 4) at a
    # time; on the H200 a build's 18 variants in one process ran past 480
    # s). large-only leaves "huge" out; huge runs it alone.
    mapfile -t vs < <(variants)
    start=$SECONDS
    for b in "${builds[@]}"; do mkdir -p "$out/large-${b#build-}"; done
    [ "$step" != huge ] && group_per_variant large ""
    [ "$step" != large-only ] && (
      jobs_max=${SMAX_HUGE_JOBS:-4}
      group_per_variant huge huge-
      wait ) &
    wait
    for b in "${builds[@]}"; do
      d="$out/large-${b#build-}"
      tot=$(cat "$d"/*.txt | grep -E '^[0-9]+ passed, [0-9]+ failed' |
        awk '{p += $1; f += $3; s += $5} END {printf "%d passed, %d failed, %d skipped", p, f, s}')
      bad=$(grep -L '^exit 0$' "$d"/*.txt | wc -l)
      echo "large+huge ${b#build-} (${#vs[@]} variants, $((SECONDS - start)) s for all builds): $tot; $bad log(s) with a non-zero exit"
    done ;;
  sanitizer)
    for tool in memcheck racecheck initcheck synccheck; do
      (
        log="$out/sanitizer-$tool.txt"
        start=$SECONDS
        # synccheck faults on several clusters past 8 groups whatever the
        # kernel (docs/algorithms.md): it runs them at the portable 8, the
        # other tools at the device's 16
        cap=16; [ "$tool" = synccheck ] && cap=8
        SMAX_CLUSTERS=$cap in_build build-cuda compute-sanitizer --tool "$tool" --error-exitcode 99 \
          build-cuda/tests/smax_conformance ${SMAX_SANITIZER_ARGS:-} > "$log" 2>&1
        rc=$?
        echo "sanitizer $tool ($((SECONDS - start)) s): $(grep -E 'ERROR SUMMARY' "$log" | tail -1); $(summary_line "$log") (exit $rc)"
      ) &
    done
    wait ;;
  bench)
    IFS=, read -ra modes <<< "${SMAX_BENCH_MODES:-f32,bf16,f32 --backward}"
    for b in "${builds[@]}"; do
      [ -n "${SMAX_BENCH_BUILDS:-}" ] && [[ " $SMAX_BENCH_BUILDS " != *" ${b#build-} "* ]] && continue
      for mode in "${modes[@]}"; do
        set -- $mode
        tag=${b#build-}-$1${2:+-backward}
        start=$SECONDS
        in_build "$b" "$b/bench/smax-bench" --shapes "${SMAX_BENCH_SHAPES:-bench/shapes/peer.txt}" \
          --quiet --dtype "$@" ${SMAX_BENCH_ARGS:-} \
          --csv "$out/smax-bench-$tag.csv" --json "$out/smax-bench-$tag.json" \
          > "$out/smax-bench-$tag.txt" 2>&1
        rc=$?
        echo "smax-bench $tag ($((SECONDS - start)) s): exit $rc"
      done
    done ;;
  peers)
    IFS=, read -ra modes <<< "${SMAX_PEER_MODES:-f32,bf16,f16,f32 --backward,bf16 --backward}"
    for mode in "${modes[@]}"; do
      set -- $mode
      dir=$out/peers-$1${2:+-backward}
      mkdir -p "$dir"
      PYTHONUNBUFFERED=1 python3 bench/peer_bench.py --lib build-cuda/libsmax.so \
        --dtype "$@" --out "$dir" ${SMAX_PEER_ARGS:-} > "$dir/peers.txt" 2>&1
      echo "peer_bench $mode: exit $?"
    done ;;
  sweeps)
    IFS=, read -ra modes <<< "${SMAX_SWEEP_MODES:-f32,bf16,f32 --backward,bf16 --backward}"
    for mode in "${modes[@]}"; do
      set -- $mode
      for sweep in cols rows; do
        dir=$out/sweep-$sweep-$1${2:+-backward}
        mkdir -p "$dir"
        PYTHONUNBUFFERED=1 python3 bench/peer_bench.py --lib build-cuda/libsmax.so \
          --shapes "bench/shapes/sweep-$sweep.txt" --dtype "$@" --out "$dir" \
          ${SMAX_PEER_ARGS:-} > "$dir/peers.txt" 2>&1
        echo "sweep $sweep $mode: exit $?"
      done
    done ;;
  all)
    # The BACKEND=all build (build-all: loader, plugins, the suite) through
    # its loader, the default tier once per plugin present, side by side.
    pids=()
    for plugin in build-all/libsmax-*.so; do
      [ -e "$plugin" ] || continue
      backend=${plugin#build-all/libsmax-}; backend=${backend%.so}
      (
        log="$out/conformance-all-$backend.txt"
        start=$SECONDS
        SMAX_BACKEND=$backend in_build build-all build-all/tests/smax_conformance > "$log" 2>&1
        rc=$?
        echo "conformance all/$backend ($((SECONDS - start)) s): $(summary_line "$log") (exit $rc)"
      ) &
      pids+=($!)
    done
    wait "${pids[@]}" ;;
  python)
    # The Python package: the wheel in ${SMAX_WHEELS:-.whl} (made by
    # scripts/python-wheel.sh cuda .whl), pytest with torch and CuPy, and
    # the smax-vs-torch timing table (bench/h100/python.sh).
    OUT="$out/python" bash bench/h100/python.sh "${SMAX_WHEELS:-.whl}" \
      ${SMAX_PY_SOURCE:+source} > "$out/python.txt" 2>&1
    echo "python: exit $?: $(grep -E '[0-9]+ passed' "$out/python.txt" | tail -n 1)" ;;
  archive)
    ( cd "$out" && find . -mindepth 1 -maxdepth 1 ! -name logs.tgz -printf '%P\n' |
        tar czf logs.tgz -T - && find . -mindepth 1 -maxdepth 1 ! -name logs.tgz \
        ! -name summary.txt -exec rm -rf {} + )
    echo "archive: $out/logs.tgz" ;;
  *) echo "unknown step $step" >&2; exit 2 ;;
  esac
done
