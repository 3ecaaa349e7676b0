#!/usr/bin/env bash
# call (fifty-ninth session): NVIDIA's OpenCL told the L2 by the CUDA driver (nv_memory.c) against OpenCL's own
# 4 MB: one build (ocl-x = HEAD + the query + dev switches SMAX_X_NOCUDA / SMAX_X_PRINT), A B B A by env over
# vec.txt (f32 forward, bf16 gradient; A B for bf16 forward and the f32 gradient); CUDA (cu-f) beside it for the
# ratio; then the OpenCL conformance (default tier, the query on) and the large tier's 'large' group for f32/bf16
# forward and gradient, each cut to what is left of END seconds.
set -u
END=${END:-450}
S=/tmp; tar xJf .dev/stage/ocl-x.txz -C $S; tar xJf .dev/stage/cu-f.txz -C $S
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
left() { local l=$((END-(SECONDS-t0))); [ $l -gt ${1:-9999} ] && l=$1; echo $l; }
echo "ocl-x (HEAD 795c2ea + nv_memory L2 query + dev switches), cu-f (ad2f7bb CUDA); END=$END; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
SMAX_X_PRINT=1 LD_LIBRARY_PATH=$S/stage-ocl-x timeout 120 $S/stage-ocl-x/smax-bench --shape 1x1000 --reps 3 --max-seconds 0.01 --no-overhead --quiet 2>&1 | grep -E "\[x\]" | head -2
t "facts (the f32 program's build included)"
SB() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  [ $(left) -lt 20 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout $(left 120) $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto --shapes .dev/calls/vec.txt "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {p=""; for(j=2;j<i;j++) p=p" "$j; printf "%s%s %s %sus %s%%; ", s, p, $i, $(i+2), $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
AB() { if [ $1 = A ]; then export SMAX_X_NOCUDA=1; else unset SMAX_X_NOCUDA; fi; }
for r in A B B A; do AB $r
  SB f32-$r ocl-x --dtype f32
  SB bf16bwd-$r ocl-x --dtype bf16 --backward
  t "round $r"
done
for r in A B; do AB $r
  SB bf16-$r ocl-x --dtype bf16
  SB f32bwd-$r ocl-x --dtype f32 --backward
  t "round $r (2)"
done
unset SMAX_X_NOCUDA
SB cu-f32 cu-f --dtype f32; SB cu-bf16bwd cu-f --dtype bf16 --backward; SB cu-bf16 cu-f --dtype bf16; SB cu-f32bwd cu-f --dtype f32 --backward
t "cuda"
if [ $(left) -gt 40 ]; then
( LD_LIBRARY_PATH=$S/stage-ocl-x timeout $(left 150) $S/stage-ocl-x/smax_conformance > $L/conf-ocl.txt 2>&1; echo "exit $?" >> $L/conf-ocl.txt )
echo "conformance ocl-x: $(grep -E '^[0-9]+ passed' $L/conf-ocl.txt | tail -2 | tr '\n' ' ') $(tail -1 $L/conf-ocl.txt)"; grep -h FAIL $L/conf-ocl.txt | head -5
t "conformance"
fi
if [ $(left) -gt 30 ]; then
( LD_LIBRARY_PATH=$S/stage-ocl-x timeout $(left) $S/stage-ocl-x/smax_conformance -v --large --only large --variant 'fwd f32->f32+fwd bf16->bf16+bwd y,dy:f32 dx:f32+bwd y,dy:bf16 dx:bf16' > $L/conf-ocl-large.txt 2>&1; echo "exit $?" >> $L/conf-ocl-large.txt )
echo "large ocl-x: $(grep -E '^[0-9]+ passed' $L/conf-ocl-large.txt | tail -2 | tr '\n' ' ') $(tail -1 $L/conf-ocl-large.txt)"; grep -h FAIL $L/conf-ocl-large.txt | head -5; echo "pass lines: $(grep -c '^pass:' $L/conf-ocl-large.txt), fail lines: $(grep -c '^FAIL' $L/conf-ocl-large.txt)"
fi
t end
