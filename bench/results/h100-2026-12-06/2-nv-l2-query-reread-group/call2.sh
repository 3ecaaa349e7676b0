#!/usr/bin/env bash
# call (sixtieth session): OpenCL on NVIDIA, the re-read rows in groups of 1024: ocl-y = HEAD fba3264 + the L2 query
# (nv_memory.c) + per-kernel group limit for the re-read (smax_backend_max_group) + a 64-register budget program for
# the re-read kernels + -w everywhere; dev switches SMAX_X_NOCUDA (A: OpenCL's 4 MB, three launches),
# SMAX_X_NOBUDGET (C: the re-read kernels' own registers), SMAX_X_PRINT (caches, per-kernel group limits).
set -u
END=${END:-450}
S=/tmp; tar xJf .dev/stage/ocl-y.txz -C $S; tar xJf .dev/stage/cu-f.txz -C $S
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
left() { local l=$((END-(SECONDS-t0))); [ $l -gt ${1:-9999} ] && l=$1; echo $l; }
echo "ocl-y (fba3264 + L2 query + re-read group + budget + -w, dev switches), cu-f (ad2f7bb CUDA); END=$END; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
for d in f32 bf16; do for b in "" --backward; do
SMAX_X_PRINT=1 LD_LIBRARY_PATH=$S/stage-ocl-y timeout 120 $S/stage-ocl-y/smax-bench --shape 1x1000 --dtype $d $b --reps 3 --max-seconds 0.01 --no-overhead --quiet > $L/print-$d$b.txt 2>&1
grep -E "\[x\]" $L/print-$d$b.txt | grep -E "cache|reread|wg (64|128|256|512)$" | sort -u | head -12
done; done
t "facts"
SB() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  [ $(left) -lt 20 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout $(left 120) $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto --shapes .dev/calls/vec.txt "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {p=""; for(j=2;j<i;j++) p=p" "$j; printf "%s%s %s %sus %s%%; ", s, p, $i, $(i+2), $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
AB() { unset SMAX_X_NOCUDA SMAX_X_NOBUDGET; case $1 in A) export SMAX_X_NOCUDA=1;; C) export SMAX_X_NOBUDGET=1;; esac; }
for r in A B C C B A; do AB $r
  SB f32-$r ocl-y --dtype f32
  SB bf16bwd-$r ocl-y --dtype bf16 --backward
  t "round $r"
done
for r in A B; do AB $r
  SB bf16-$r ocl-y --dtype bf16
  SB f32bwd-$r ocl-y --dtype f32 --backward
  t "round $r (2)"
done
AB B
SB cu-f32 cu-f --dtype f32; SB cu-bf16bwd cu-f --dtype bf16 --backward; SB cu-bf16 cu-f --dtype bf16; SB cu-f32bwd cu-f --dtype f32 --backward
t "cuda"
if [ $(left) -gt 30 ]; then
( LD_LIBRARY_PATH=$S/stage-ocl-y timeout $(left 200) $S/stage-ocl-y/smax_conformance -v --large --only large --variant 'fwd f32->f32+fwd bf16->bf16+bwd y,dy:f32 dx:f32+bwd y,dy:bf16 dx:bf16+fwd f16->f16+bwd y,dy:f16 dx:f16' > $L/conf-ocl-large.txt 2>&1; echo "exit $?" >> $L/conf-ocl-large.txt )
echo "large ocl-y: $(grep -E '^[0-9]+ passed' $L/conf-ocl-large.txt | tail -2 | tr '\n' ' ') $(tail -1 $L/conf-ocl-large.txt)"; grep -h FAIL $L/conf-ocl-large.txt | head -5; echo "pass lines: $(grep -c '^pass:' $L/conf-ocl-large.txt), fail lines: $(grep -c '^FAIL' $L/conf-ocl-large.txt)"
t "large"
fi
if [ $(left) -gt 40 ]; then
( LD_LIBRARY_PATH=$S/stage-ocl-y timeout $(left) stdbuf -oL $S/stage-ocl-y/smax_conformance > $L/conf-ocl.txt 2>&1; echo "exit $?" >> $L/conf-ocl.txt )
echo "conformance ocl-y: $(grep -E '^[0-9]+ passed' $L/conf-ocl.txt | tail -2 | tr '\n' ' ') $(tail -1 $L/conf-ocl.txt)"; grep -h FAIL $L/conf-ocl.txt | head -5; grep -c "warning" $L/conf-ocl.txt; tail -3 $L/conf-ocl.txt
fi
t end
