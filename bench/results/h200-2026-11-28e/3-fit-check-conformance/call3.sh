#!/usr/bin/env bash
# call 3 (2026-11-28, fifteenth session, H200): y1 = e6aa92b + the share's groups fit a compute unit where the share
# follows faster memory (group_share_bytes; the backends report the unit's on-chip memory and the per-group reserve);
# x1 = e6aa92b + env hooks, none set (plans and kernels of e6aa92b). (a) ABBA, smax-bench auto, % of copy, on the H200
# shapes whose plans the rule changes, and two controls; (b) conformance, default tier: every CUDA variant (y1), the
# large tier of f32 forward and gradient, HIP on NVIDIA and OpenCL on NVIDIA f32 forward (y1's builds).
set -u
S=/tmp; for b in x1 y1 hipnv-y1 ocl-y1; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "x1=e6aa92b+hooks(off) y1=$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
R() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b
  [ $SECONDS -gt 200 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s; ", s, $4, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
sh() { local c; for c in "$@"; do printf -- "--shape %dx%d " $(( (1 << 26) / c )) $c; done; }
i=0
for b in x1 y1 y1 x1; do i=$((i+1))
  R $b a$i-$b-f32 --dtype f32 $(sh 100000 200000 128256 28000 262144)
  R $b a$i-$b-bf16 --dtype bf16 $(sh 200000 400000 262144)
  R $b a$i-$b-f32bf16 --dtype f32,bf16 $(sh 128256)
  R $b a$i-$b-bwdf32 --backward --dtype f32 $(sh 100000)
  R $b a$i-$b-bwdbf16 --backward --dtype bf16 $(sh 200000)
  R $b a$i-$b-bwdbf16f32 --backward --dtype bf16,f32 $(sh 28000 50257)
  t a$i
done
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 13 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b; throttle
  ( OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$N timeout $((560 - SECONDS)) $N/smax_conformance "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
C y1 c-large-fwd --large --only large --variant 'fwd f32->f32'
C y1 c-large-bwd --large --only large --variant 'bwd y,dy:f32 dx:f32'
C hipnv-y1 c-hipnv-fwd --variant 'fwd f32->f32'
C ocl-y1 c-ocl-fwd --variant 'fwd f32->f32'
V=$(LD_LIBRARY_PATH=$S/stage-y1 $S/stage-y1/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
while IFS= read -r v; do C y1 c-cuda-$(echo "$v" | tr -c 'a-z0-9' '_') --variant "$v"; done <<< "$V"
t queued
wait
for f in $L/c-*.txt; do echo "$(basename $f): $(grep -E '^[0-9]+ passed' $f | tail -1) | $(tail -1 $f)"; done
cat $L/c-cuda-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "CUDA default: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
grep -h "FAIL" $L/c-*.txt | head -10
t end
