#!/usr/bin/env bash
# call 4 (2026-11-29, seventeenth session, H200): n = f24f361; G2 = n + softmax's outputs as one multiply in the register
# kernel, log-softmax's stores as they were (two store paths; nvcc's store form checked in PTX and SASS).
# (a) CUDA n / G2 ABBA; (b) peers at bf16 2097152 x 128 with G2; (c) conformance of G2, default tier: the forward
# variants of HIP on NVIDIA and OpenCL on NVIDIA, CUDA bf16 -> bf16; large tier bf16 forward on CUDA.
set -u
S=/tmp; for b in cn cG2 hipnv-G2 ocl-G2; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "n: f24f361 $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
R() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b
  [ $SECONDS -gt 150 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s; ", s, $4, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
sh() { local c; for c in "$@"; do printf -- "--shape %dx%d " $(( (1 << 26) / c )) $c; done; }
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$N timeout $((330 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
i=0
for b in n G2 G2 n; do i=$((i+1))
  R c$b a$i-$b-bf16 --dtype bf16 $(sh 128 512 1024 2048 1000)
  R c$b a$i-$b-f16 --dtype f16 $(sh 128)
  R c$b a$i-$b-bf16log --log --dtype bf16 $(sh 128 1024)
  R c$b a$i-$b-f32 --dtype f32 $(sh 128)
  t a$i
done
P=/opt/torch/.venv/bin/python3
PB() { local tag=$1 lim=$2; shift 2; local d=$L/peers-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit "$tag" --out $d --impl smax-auto,torch,triton --reps 10 --budget 0.8 "$@" > $d/peers.txt 2>&1
  t "peers $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
N=$S/stage-cn; PB f24f361 40 --dtype bf16 --shape 2097152x128
N=$S/stage-cG2; PB f24f361-G2 40 --dtype bf16 --shape 2097152x128
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
C cG2 cl-G2-fwd $N/smax_conformance --large --only large --variant 'fwd bf16->bf16'
C cG2 c-cuda-bf16 $N/smax_conformance --variant 'fwd bf16->bf16'
for be in hipnv ocl; do while IFS= read -r v; do C $be-G2 c-$be-$(echo "$v" | tr -c 'a-z0-9' '_') $S/stage-$be-G2/smax_conformance --variant "$v"; done < <(grep '^fwd' <<< "$V"); done
t queued
wait
for be in cuda hipnv ocl; do cat $L/c-$be-*.txt | awk -v be=$be '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s G2 default: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", be, p, f, s, n, bad}'; done
for f in $L/cl-*.txt; do echo "$(basename $f): $(grep -E '^[0-9]+ passed' $f | tail -1) | $(tail -1 $f)"; done
grep -h "FAIL" $L/c-*.txt $L/cl-*.txt | head -10
t end
