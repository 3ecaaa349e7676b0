#!/usr/bin/env bash
# bench/h200x2/shard.sh - sharded rows over NCCL on a machine with 2 GPUs
# (the 2 x H200 machine of /work/shared/brief/MACHINES.md): two processes of
# smax-shard-nccl, one per GPU, for 4096 x 128256 and 32 x 256000 in f32 and
# bf16. Each run checks the sharded forward and backward against the float64
# reference (16 rows, THE tolerance rule) and times, as medians of CUDA-event
# timings:
#   sharded  smax_nccl_softmax (partials, all-gather of rows x 2 floats per
#            rank, merge in rank order, finish) and smax_nccl_softmax_backward
#   (a)      the unsharded smax_softmax / _backward of the whole rows, one GPU
#   (b)      all-gather of the logits (a broadcast per rank), the blocks
#            copied into whole rows, then the unsharded smax_softmax
#
#   bench/h200x2/shard.sh [BUILD_DIR]     (default: build-cuda; built if absent)
#   SHAPES="4096x128256 32x256000" DTYPES="f32 bf16" ITERS=20 OUT=dir
#
# NCCL there: libnccl.so.2 comes with the Python package nvidia-nccl-cu13
# (found through python3 below); NCCL_NVLS_ENABLE=0 is set on that machine
# and stays set (NVLink multicast off). Exit status: non-zero if any check
# or run failed.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build-cuda}
shapes=${SHAPES:-"4096x128256 32x256000"}
dtypes=${DTYPES:-"f32 bf16"}
iters=${ITERS:-20}
out=${OUT:-bench/results/h200x2-$(date +%F)-shard}
export PATH=$PATH:/usr/local/cuda/bin

# NCCL from the Python wheel (headers and library), unless NCCL_HOME is set.
if [[ -z ${NCCL_HOME:-} ]]; then
  NCCL_HOME=$(python3 - <<'PY' 2>/dev/null || true
import glob, os, site
roots = site.getsitepackages() + [site.getusersitepackages()]
for r in roots:
    for lib in glob.glob(os.path.join(r, "nvidia", "nccl*", "lib", "libnccl.so*")):
        print(os.path.dirname(os.path.dirname(lib)))
        raise SystemExit
PY
)
fi
if [[ -n ${NCCL_HOME:-} ]]; then
  export NCCL_HOME
  # the wheel has libnccl.so.2 only: give the linker its libnccl.so
  if [[ ! -e $NCCL_HOME/lib/libnccl.so && -w $NCCL_HOME/lib ]]; then
    ln -s libnccl.so.2 "$NCCL_HOME/lib/libnccl.so"
  fi
  export LD_LIBRARY_PATH=$NCCL_HOME/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi
echo "NCCL_HOME=${NCCL_HOME:-<CUDA toolkit>}  NCCL_NVLS_ENABLE=${NCCL_NVLS_ENABLE:-<unset>}"

if [[ ! -x $build/bench/smax-shard-nccl ]]; then
  cmake -S . -B "$build" -DBACKEND=cuda -DSMAX_NCCL=ON \
        -DCMAKE_CUDA_ARCHITECTURES=90 ${NCCL_HOME:+-DNCCL_ROOT=$NCCL_HOME}
  cmake --build "$build" -j"$(nproc)" --target smax-shard-nccl
fi
ngpu=$(nvidia-smi -L | wc -l)
if (( ngpu < 2 )); then
  echo "shard.sh: $ngpu GPU(s) here; this run needs 2" >&2
  exit 77
fi
nvidia-smi -L
mkdir -p "$out"
csv=$out/shard.csv
echo "rows,cols,dtype,ranks,direction,method,median_ms" > "$csv"
status=0
for shape in $shapes; do
  for dt in $dtypes; do
    tmp=$(mktemp -d)
    echo "=== $shape $dt"
    pids=()
    for rank in 0 1; do
      "$build/bench/smax-shard-nccl" --rank $rank --nranks 2 --device $rank \
        --id-file "$tmp/id" --shape "$shape" --dtype "$dt" --iters "$iters" \
        --csv "$csv" > "$tmp/rank$rank.log" 2>&1 &
      pids+=($!)
    done
    for i in 0 1; do
      if ! wait "${pids[$i]}"; then
        echo "rank $i failed:" >&2
        status=1
      fi
    done
    cat "$tmp/rank0.log"
    if [[ -s $tmp/rank1.log ]]; then sed 's/^/[rank 1] /' "$tmp/rank1.log"; fi
    cp "$tmp/rank0.log" "$out/${shape}-${dt}.log"
    rm -rf "$tmp"
  done
done
echo "results: $csv"
exit $status
