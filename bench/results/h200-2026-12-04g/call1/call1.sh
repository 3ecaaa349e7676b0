#!/usr/bin/env bash
# call 1 (fifty-second session, H200): is HIP-on-NVIDIA's gap to CUDA's exchange at 8-16 chunks the compiler's back end?
# hn = HIP on NVIDIA (80ab43f; nvcc 11.8 SASS, PTX 7.8 embedded); hj = the same library with CUDA_FORCE_PTX_JIT=1 (the
# driver's ptxas compiles nvcc 11.8's PTX); cu0 = CUDA 13 sm_90 at main with SMAX_CLUSTERS=0. Rounds cu0 hn hj hj hn cu0.
set -u
S=/tmp; for n in cu hn; do tar xJf .dev/stage/$n.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
echo "c52-1; $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export SMAX_CLUSTERS=0 CUDA_CACHE_PATH=/tmp/nvcache CUDA_CACHE_MAXSIZE=4294967296 CUDA_MODULE_LOADING=LAZY
B=$S/stage-hn
t0=$SECONDS
for d in f32 bf16; do for dir in "" --backward; do
  CUDA_FORCE_PTX_JIT=1 LD_LIBRARY_PATH=$B timeout 240 $B/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --algo auto --dtype $d $dir --shape 64x32768 > $L/warm-$d$dir.txt 2>&1; echo "warm $d$dir rc=$? at $((SECONDS-t0)) s"
done; done
du -sh /tmp/nvcache
BW="--shape 8192x16384 --shape 4096x32768 --shape 2048x65536 --shape 1024x131072"
for v in cu0 hn hj hj hn cu0; do
  case $v in cu0) B=$S/stage-cu; J=0 ;; hn) B=$S/stage-hn; J=0 ;; hj) B=$S/stage-hn; J=1 ;; esac
  f=$L/f32b-$v-$SECONDS.txt
  CUDA_FORCE_PTX_JIT=$J LD_LIBRARY_PATH=$B timeout 80 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --dtype f32 --backward $BW > $f 2>&1
  echo "== f32 bwd $v: $(grep -A1 -E '^[0-9]+x[0-9]+ ' $f | grep -E 'auto|FAIL' | awk '{print $NF}' | tr '\n' ' ') [$((SECONDS-t0)) s]"
  f=$L/mix-$v-$SECONDS.txt
  CUDA_FORCE_PTX_JIT=$J LD_LIBRARY_PATH=$B timeout 80 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --dtype f32 --shape 4096x32768 --shape 1024x131072 > $f 2>&1
  echo "== f32 fwd $v: $(grep -A1 -E '^[0-9]+x[0-9]+ ' $f | grep -E 'auto|FAIL' | awk '{print $NF}' | tr '\n' ' ')"
  f=$L/bf16b-$v-$SECONDS.txt
  CUDA_FORCE_PTX_JIT=$J LD_LIBRARY_PATH=$B timeout 80 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --dtype bf16 --backward --shape 4096x32768 --shape 2048x65536 > $f 2>&1
  echo "== bf16 bwd $v: $(grep -A1 -E '^[0-9]+x[0-9]+ ' $f | grep -E 'auto|FAIL' | awk '{print $NF}' | tr '\n' ' ')"
done
echo "end [$((SECONDS-t0)) s]"
