#!/usr/bin/env bash
# PREPARED, NOT RUN (this session's device time was spent): two experiments for the next device session, each a
# patch against 4b998fe's tree, A/B against main in one call. Builds (Release; stage each with
# ../h100-2026-12-06b/stage.sh NAME BUILD): cu-c / ocl-c = main's CUDA (90-real) / OpenCL; cu-f / ocl-f = main +
# next-fwd-stagger.diff; cu-x / ocl-x = main + next-chunks-per-cu.diff.
#  - fwd: does the forward's device-memory exchange gain on the H100 from the gradient's load stagger (4b998fe)?
#    SMAX_X_FWD_STAGGER=rule plans the gradient's rule, =N N rows, unset none. Shapes fwd-f32.txt, fwd-bf16.txt (the
#    forward rows CUDA sends through the exchange). Rounds: A main, U the patch unset (must equal A), R rule, 2 4 8.
#  - cpc: rows whose on-chip share would need more chunks than compute units (NVIDIA's OpenCL: 48 KB a group, so
#    the f32 gradient of 1M columns, forward rows of 2M) take up to N chunks a unit (SMAX_X_CHUNKS_PER_CU=N), all
#    resident at once where a unit holds N groups; today they run three launches there (61% of copy, CUDA 80.6 at
#    the f32 gradient 256 x 1M). CUDA changes too (256 chunks of 32 KB instead of 132 of 63.5 KB). Shapes
#    cpc-f32bwd.txt, cpc-bf16bwd.txt (--backward), cpc-f32.txt. Rounds: A main, C the patch unset, X2, X3.
#    Not checked on PoCL (its units run one group at a time: the patch keeps CPU devices at one a unit); smax-bench
#    verifies every result; land only with conformance and compute-sanitizer (racecheck, synccheck) on the GPU.
# Run: EXP=fwd ROUNDS="A U R 2 4 4 2 R U A" BE="cu" bash bench/results/h100-2026-12-06d/next-call.sh
#      EXP=cpc ROUNDS="A C X2 X2 C A" BE="cu ocl" bash bench/results/h100-2026-12-06d/next-call.sh
# (about 25 s a round a set on CUDA; NVIDIA's OpenCL adds a program build, 13-35 s, on a pair's first call).
set -u
R=bench/results/h100-2026-12-06d; S=/tmp; END=${END:-540}
for b in cu-c cu-f cu-x ocl-c ocl-f ocl-x; do [ -f .dev/stage/$b.txz ] && tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; left() { local l=$((END-(SECONDS-t0))); [ $l -gt ${1:-9999} ] && l=$1; echo $l; }
echo "EXP=$EXP; ROUNDS=$ROUNDS; BE=$BE; $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
SB() { local tag=$1 b=$2 shapes=$3; shift 3; local N=$S/stage-$b
  [ $(left) -lt 20 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout $(left 120) $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto --shapes $shapes "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {p=""; for(j=2;j<i;j++) p=p" "$j; printf "%s%s %s %sus %s%%; ", s, p, $i, $(i+2), $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
round() { local be=$1 set=$2 r=$3 b; shift 3; unset SMAX_X_FWD_STAGGER SMAX_X_CHUNKS_PER_CU
  case $r in A) b=$be-c;; U) b=$be-f;; R) b=$be-f; export SMAX_X_FWD_STAGGER=rule;; C) b=$be-x;;
    X*) b=$be-x; export SMAX_X_CHUNKS_PER_CU=${r#X};; *) b=$be-f; export SMAX_X_FWD_STAGGER=$r;; esac
  SB $be-$set-$r-$SECONDS $b $R/$set.txt "$@"; }
case $EXP in fwd) SETS="fwd-f32:f32 fwd-bf16:bf16";; cpc) SETS="cpc-f32bwd:f32:b cpc-bf16bwd:bf16:b cpc-f32:f32";; esac
for be in $BE; do
  [ $be = ocl ] && export SMAX_OPENCL_DEVICE=NVIDIA
  for item in $SETS; do IFS=: read -r set dt dir <<< "$item"
    for r in $ROUNDS; do round $be $set $r --dtype $dt ${dir:+--backward}; done; done
  echo "[$((SECONDS-t0)) s] $be"
done
