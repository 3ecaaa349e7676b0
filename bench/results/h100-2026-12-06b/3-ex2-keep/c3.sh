#!/usr/bin/env bash
# call 3 (sixty-first session): the 1024-item re-read on NVIDIA's OpenCL, what is left: E (SMAX_X_EX2: the re-read
# program without SMAX_CL_REGISTER_CAP, i.e. inline ex2), K (SMAX_X_NOKEEP: no head kept on-chip), X (both), B, A; otherwise as call 2. ocl-w = main 204c7af +
# the L2 query (nv_memory.c) + smax_backend_max_group + the re-read kernels in a 64-register program, whose
# groups now come from that cap (NVIDIA answers CL_KERNEL_WORK_GROUP_SIZE 256 for every kernel, call 1);
# dev switches: SMAX_X_MAIN (A: OpenCL's 4 MB and groups of 256, main's plan), SMAX_X_REREAD_WG=512 (C),
# SMAX_X_NOCUDA (D: OpenCL's 4 MB, groups from the cap), none (B: the L2 and groups of 1024). cu-f: main's CUDA.
set -u
END=${END:-540}
S=/tmp; tar xJf .dev/stage/ocl-w.txz -C $S; tar xJf .dev/stage/cu-f.txz -C $S
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
left() { local l=$((END-(SECONDS-t0))); [ $l -gt ${1:-9999} ] && l=$1; echo $l; }
echo "ocl-w, cu-f; END=$END; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
for d in bf16; do for b in ""; do
SMAX_X_PRINT=1 LD_LIBRARY_PATH=$S/stage-ocl-w timeout 120 $S/stage-ocl-w/smax-bench --shape 1x16777216 --dtype $d $b --algo auto --reps 3 --max-seconds 0.01 --no-overhead --quiet > $L/print-$d$b.txt 2>&1
echo "$d$b: $(grep -E '\[x\]' $L/print-$d$b.txt | sort -u | tr '\n' ' ') $(grep -E '^ +auto' $L/print-$d$b.txt)"
done; done
t "facts"
SB() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  [ $(left) -lt 20 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout $(left 120) $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto --shapes .dev/calls/vec.txt "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {p=""; for(j=2;j<i;j++) p=p" "$j; printf "%s%s %s %sus %s%%; ", s, p, $i, $(i+2), $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
AB() { unset SMAX_X_MAIN SMAX_X_EX2 SMAX_X_NOKEEP; case $1 in A) export SMAX_X_MAIN=1;; E) export SMAX_X_EX2=1;; K) export SMAX_X_NOKEEP=1;; X) export SMAX_X_EX2=1 SMAX_X_NOKEEP=1;; esac; }
for r in A B E K X X K E B A; do AB $r
  SB f32-$r ocl-w --dtype f32
  SB bf16-$r ocl-w --dtype bf16
  SB bf16bwd-$r ocl-w --dtype bf16 --backward
  SB f32bwd-$r ocl-w --dtype f32 --backward
  t "round $r"
done
AB B
SB cu-f32 cu-f --dtype f32; SB cu-bf16 cu-f --dtype bf16; SB cu-bf16bwd cu-f --dtype bf16 --backward; SB cu-f32bwd cu-f --dtype f32 --backward
t "cuda"
t end
