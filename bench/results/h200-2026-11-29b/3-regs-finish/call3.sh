#!/usr/bin/env bash
# call 3 (2026-11-29, seventeenth session, H200): m = dd3a2b9; n = f24f361 (extras skipped, row slots by shifts; OpenCL
# on NVIDIA's ex2 outside capped programs); G = n + softmax's outputs as one multiply in the register kernel.
# (a) CUDA m / n / G ABBA, forward and gradient rows; (b) OpenCL on NVIDIA m / n ABBA; (c) peers at 2097152 x 128
# with n; (d) CUDA conformance of n, default tier, every variant; large tier bf16 forward and backward;
# compute-sanitizer memcheck and racecheck of n's register kernels.
set -u
S=/tmp; for b in cm cF cG ocl-m ocl-n; do tar xJf .dev/stage/$b.txz -C $S; done
mv $S/stage-cF $S/stage-cn
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m: dd3a2b9, n: $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
R() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b
  [ $SECONDS -gt 300 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"||$1=="fused"||$1=="online"{printf "%s %s %s; ", s, $4, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
sh() { local c; for c in "$@"; do printf -- "--shape %dx%d " $(( (1 << 26) / c )) $c; done; }
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 13 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$N timeout $((575 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
i=0
for b in m n G G n m; do i=$((i+1))
  R c$b a$i-$b-bf16 --algo auto --dtype bf16 $(sh 128 512 1024 2048 4096 1000)
  R c$b a$i-$b-f16 --algo auto --dtype f16 $(sh 128 1024)
  R c$b a$i-$b-bf16log --algo auto --log --dtype bf16 $(sh 128 1024)
  R c$b a$i-$b-f32 --algo auto --dtype f32 $(sh 128 1024 4096)
  R c$b a$i-$b-bwd --algo auto --backward --dtype bf16 $(sh 128 1024)
  R c$b a$i-$b-bwdf32 --algo auto --backward --dtype f32 $(sh 128 1024)
  R c$b a$i-$b-online --algo online --dtype bf16 $(sh 4096)
  t a$i
done
i=0
for b in m n n m; do i=$((i+1))
  R ocl-$b o$i-$b-bf16 --algo auto --dtype bf16 $(sh 128 512 1024 2048 4096)
  R ocl-$b o$i-$b-f16 --algo auto --dtype f16 $(sh 128)
  R ocl-$b o$i-$b-f32 --algo auto --dtype f32 $(sh 128)
  R ocl-$b o$i-$b-bwd --algo auto --backward --dtype bf16 $(sh 128)
  t o$i
done
N=$S/stage-cn; P=/opt/torch/.venv/bin/python3
PB() { local tag=$1 lim=$2; shift 2; local d=$L/peers-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit "$(cat .dev/commit)" --out $d --impl smax-auto,torch,triton --reps 10 --budget 0.8 "$@" > $d/peers.txt 2>&1
  t "peers $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
PB bf16 60 --dtype bf16 --shape 2097152x128
PB f16 60 --dtype f16 --shape 2097152x128
for tool in memcheck racecheck; do for a in "--dtype bf16" "--dtype f16 --log" "--dtype f32,bf16" "--dtype bf16 --backward"; do
  C cn san-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --algo auto $a --shape 1000x128 --shape 333x1000 --shape 100x2048 --shape 77x100 --shape 50x1001; done; done
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
C cn cl-n-fwd $N/smax_conformance --large --only large --variant 'fwd bf16->bf16'
C cn cl-n-bwd $N/smax_conformance --large --only large --variant 'bwd bf16'
while IFS= read -r v; do C cn c-n-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$V"
t queued
wait
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(tail -1 $f)"; done
cat $L/c-n-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "CUDA n default: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
for f in $L/cl-n-*.txt; do echo "$(basename $f): $(grep -E '^[0-9]+ passed' $f | tail -1) | $(tail -1 $f)"; done
grep -h "FAIL" $L/c-*.txt $L/cl-*.txt | head -10
t end
