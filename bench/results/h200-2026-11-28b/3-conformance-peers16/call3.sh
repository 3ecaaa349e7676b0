#!/usr/bin/env bash
# call 3 (2026-11-28, twelfth session, H200), main ca3c634: (a) the conformance suite's default tier, every variant, for
# HIP on NVIDIA and OpenCL on NVIDIA (neither run since the bandwidth share of 562e9a5); (b) the peer table's 16-bit
# forward modes (bf16, f16; call 1 ran f32 forward and the f32 and bf16 gradients).
set -u
S=/tmp; for b in hipnv ocl main; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export SMAX_OPENCL_DEVICE=NVIDIA
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
for b in hipnv ocl; do
  N=$S/stage-$b
  LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | head -3
  V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
  while IFS= read -r v; do
    throttle
    tag=c-$b-$(echo "$v" | tr -c 'a-z0-9' '_')
    ( LD_LIBRARY_PATH=$N timeout $((280 - SECONDS)) $N/smax_conformance --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!)
  done <<< "$V"
  t "queued $b"
done
wait
for b in hipnv ocl; do for dir in fwd bwd; do
  cat $L/c-$b-${dir}*.txt | awk -v n="$b default $dir" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{k++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", n, p, f, s, k, bad}'
done; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10; head -5 $L/c-ocl-fwd*.txt | head -12
t conformance
P=/opt/torch/.venv/bin/python3
N=$S/stage-main
PB() { local tag=$1 lim=$2; shift 2; local d=$L/peers-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit ca3c634 --out $d --impl smax-auto,torch,triton --reps 10 --budget 0.8 "$@" > $d/peers.txt 2>&1
  t "peers $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
PB bf16 $((585 - SECONDS > 150 ? 150 : 585 - SECONDS)) --dtype bf16
PB f16 $((585 - SECONDS)) --dtype f16
t end
