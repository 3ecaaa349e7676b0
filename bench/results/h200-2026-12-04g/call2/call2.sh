#!/usr/bin/env bash
# call 2 (fifty-second session, H200): call 1 JIT-compiled the whole library at every load (130 s each) and was cut.
# hm = HIP on NVIDIA at main (nvcc 11.8 throughout); hx = the same with f32_f32 and bf16_bf16 replayed through CUDA 13.0 ptxas + fatbinary
# (nvcc 11.8 front end, same PTX); cu0 = CUDA 13 sm_90 at main with SMAX_CLUSTERS=0. Rounds cu0 hm hx hx hm cu0.
set -u
S=/tmp; for n in cu hm hx; do tar xJf .dev/stage/$n.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
echo "c52-2; $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export SMAX_CLUSTERS=0
t0=$SECONDS
BW="--shape 8192x16384 --shape 4096x32768 --shape 2048x65536 --shape 1024x131072"
for v in cu0 hm hx hx hm cu0; do
  case $v in cu0) B=$S/stage-cu; J=0 ;; hm) B=$S/stage-hm; J=0 ;; hx) B=$S/stage-hx; J=0 ;; esac
  f=$L/f32b-$v-$SECONDS.txt
  LD_LIBRARY_PATH=$B timeout 80 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --dtype f32 --backward $BW > $f 2>&1
  echo "== f32 bwd $v: $(grep -A1 -E '^[0-9]+x[0-9]+ ' $f | grep -E 'auto|FAIL' | awk '{print $NF}' | tr '\n' ' ') [$((SECONDS-t0)) s]"
  f=$L/mix-$v-$SECONDS.txt
  LD_LIBRARY_PATH=$B timeout 80 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --dtype f32 --shape 4096x32768 --shape 1024x131072 > $f 2>&1
  echo "== f32 fwd $v: $(grep -A1 -E '^[0-9]+x[0-9]+ ' $f | grep -E 'auto|FAIL' | awk '{print $NF}' | tr '\n' ' ')"
  f=$L/bf16b-$v-$SECONDS.txt
  LD_LIBRARY_PATH=$B timeout 80 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --dtype bf16 --backward --shape 4096x32768 --shape 2048x65536 > $f 2>&1
  echo "== bf16 bwd $v: $(grep -A1 -E '^[0-9]+x[0-9]+ ' $f | grep -E 'auto|FAIL' | awk '{print $NF}' | tr '\n' ' ')"
done
echo "end [$((SECONDS-t0)) s]"
