#!/usr/bin/env bash
# call 2 (sixty-first session): the re-read kernels on NVIDIA's OpenCL in groups of 1024. ocl-z = main 204c7af +
# the L2 query (nv_memory.c) + smax_backend_max_group + the re-read kernels in a 64-register program, whose
# groups now come from that cap (NVIDIA answers CL_KERNEL_WORK_GROUP_SIZE 256 for every kernel, call 1);
# dev switches: SMAX_X_MAIN (A: OpenCL's 4 MB and groups of 256, main's plan), SMAX_X_REREAD_WG=512 (C),
# SMAX_X_NOCUDA (D: OpenCL's 4 MB, groups from the cap), none (B: the L2 and groups of 1024). cu-f: main's CUDA.
set -u
END=${END:-540}
S=/tmp; tar xJf .dev/stage/ocl-z.txz -C $S; tar xJf .dev/stage/cu-f.txz -C $S
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
left() { local l=$((END-(SECONDS-t0))); [ $l -gt ${1:-9999} ] && l=$1; echo $l; }
echo "ocl-z, cu-f; END=$END; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
for d in f32 bf16; do for b in "" --backward; do
SMAX_X_PRINT=1 LD_LIBRARY_PATH=$S/stage-ocl-z timeout 120 $S/stage-ocl-z/smax-bench --shape 1x16777216 --dtype $d $b --algo auto --reps 3 --max-seconds 0.01 --no-overhead --quiet > $L/print-$d$b.txt 2>&1
echo "$d$b: $(grep -E '\[x\]' $L/print-$d$b.txt | sort -u | tr '\n' ' ') $(grep -E '^ +auto' $L/print-$d$b.txt)"
done; done
t "facts"
SB() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  [ $(left) -lt 20 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout $(left 120) $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto --shapes .dev/calls/vec.txt "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {p=""; for(j=2;j<i;j++) p=p" "$j; printf "%s%s %s %sus %s%%; ", s, p, $i, $(i+2), $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
AB() { unset SMAX_X_MAIN SMAX_X_REREAD_WG SMAX_X_NOCUDA; case $1 in A) export SMAX_X_MAIN=1;; C) export SMAX_X_REREAD_WG=512;; D) export SMAX_X_NOCUDA=1;; esac; }
for r in A B C D D C B A; do AB $r
  SB f32-$r ocl-z --dtype f32
  SB bf16bwd-$r ocl-z --dtype bf16 --backward
  t "round $r"
done
for r in A B B A; do AB $r
  SB bf16-$r ocl-z --dtype bf16
  SB f32bwd-$r ocl-z --dtype f32 --backward
  t "round $r (2)"
done
AB B
SB cu-f32 cu-f --dtype f32; SB cu-bf16bwd cu-f --dtype bf16 --backward; SB cu-bf16 cu-f --dtype bf16; SB cu-f32bwd cu-f --dtype f32 --backward
t "cuda"
if [ $(left) -gt 30 ]; then
( LD_LIBRARY_PATH=$S/stage-ocl-z timeout $(left 200) $S/stage-ocl-z/smax_conformance -v --large --only large --variant 'fwd f32->f32+fwd bf16->bf16+bwd y,dy:f32 dx:f32+bwd y,dy:bf16 dx:bf16+fwd f16->f16+bwd y,dy:f16 dx:f16' > $L/conf-ocl-large.txt 2>&1; echo "exit $?" >> $L/conf-ocl-large.txt )
echo "large ocl-z: $(grep -E '^[0-9]+ passed' $L/conf-ocl-large.txt | tail -2 | tr '\n' ' ') $(tail -1 $L/conf-ocl-large.txt)"; grep -h FAIL $L/conf-ocl-large.txt | head -5; echo "pass lines: $(grep -c '^pass:' $L/conf-ocl-large.txt), fail lines: $(grep -c '^FAIL' $L/conf-ocl-large.txt)"
t "large"
fi
t end
