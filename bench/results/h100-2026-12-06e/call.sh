#!/usr/bin/env bash
# call.sh: PARTS="fwd:A R R A:cu ocl:END cpc:A X2 X2 A:cu ocl:END" - each part EXP:ROUNDS:BE:seconds, its own folder under $OUT
# Builds (staged .dev/stage/*.txz): cu-c/ocl-c main; cu-f/ocl-f + next-fwd-stagger.diff; cu-x/ocl-x + next-chunks-per-cu.diff.
# cu-s/ocl-s = the forward stagger as landed (rule; none where memory outpaces the H100's).
# Rounds: A main; S cu-s/ocl-s; U fwd patch unset; R SMAX_X_FWD_STAGGER=rule; N (digits) =N; C cpc patch unset; XN SMAX_X_CHUNKS_PER_CU=N.
set -u
R=${R:-bench/results/h100-2026-12-06e}; S=/tmp
for b in cu-c cu-f cu-x cu-s ocl-c ocl-f ocl-x ocl-s; do [ -f .dev/stage/$b.txz ] && [ ! -d $S/stage-$b ] && tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors
O=$OUT; L=$O/logs; mkdir -p $L
trap 'cd $O && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $O/summary.txt 2>&1
echo "PARTS=$PARTS; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
left() { local l=$((END-(SECONDS-t0))); [ $l -gt ${1:-9999} ] && l=$1; echo $l; }
SB() { local tag=$1 b=$2 shapes=$3; shift 3; local N=$S/stage-$b
  [ $(left) -lt 20 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout $(left 150) $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto --shapes $shapes "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {p=""; for(j=2;j<i;j++) p=p" "$j; printf "%s%s %s %sus %s%%; ", s, p, $i, $(i+2), $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
round() { local be=$1 set=$2 r=$3 b; shift 3; unset SMAX_X_FWD_STAGGER SMAX_X_CHUNKS_PER_CU
  case $r in A) b=$be-c;; S) b=$be-s;; U) b=$be-f;; R) b=$be-f; export SMAX_X_FWD_STAGGER=rule;; C) b=$be-x;;
    X*) b=$be-x; export SMAX_X_CHUNKS_PER_CU=${r#X};; *) b=$be-f; export SMAX_X_FWD_STAGGER=$r;; esac
  SB $be-$set-$r-$SECONDS $b $R/$set.txt "$@"; }
san() { local B=$S/stage-cu-s tool shape st dt
  for a in "1 f32 8x600000" "- f32 32x1048576" "1 bf16 8x2097152" "- bf16 16x2097152"; do read -r st dt shape <<< "$a"
    for tool in racecheck synccheck memcheck; do
      ( [ $st = - ] || export SMAX_STAGGER=$st; LD_LIBRARY_PATH=$B timeout 90 compute-sanitizer --tool $tool --print-limit 5 $B/smax-bench --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 --algo auto --dtype $dt --shape $shape > $L/san-$tool-$dt-$shape.txt 2>&1; echo "fwd $tool $dt $shape stagger $st rc=$?: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/san-$tool-$dt-$shape.txt | tr '\n' ' ') $(grep -E '^ +auto' $L/san-$tool-$dt-$shape.txt | head -1)" )
    done; done
  for be in cu ocl; do unset SMAX_OPENCL_DEVICE; [ $be = ocl ] && export SMAX_OPENCL_DEVICE=NVIDIA
    ( export SMAX_CLUSTERS=0 SMAX_STAGGER=1; LD_LIBRARY_PATH=$S/stage-$be-s timeout $(left 200) $S/stage-$be-s/smax_conformance --variant fwd --only special > $L/conf-$be.txt 2>&1; rc=$?; echo "$be-s conformance, forward variants, special, SMAX_CLUSTERS=0 SMAX_STAGGER=1: $(tail -1 $L/conf-$be.txt) exit $rc" )
  done; }
IFS=';' read -ra P <<< "$PARTS"
for part in "${P[@]}"; do IFS=: read -r EXP ROUNDS BE END ONLY <<< "$part"; t0=$SECONDS
  [ $EXP = san ] && { san; echo "[$((SECONDS-t0)) s] san"; continue; }
  case $EXP in fwd) SETS="fwd-f32:f32 fwd-f32-more:f32 fwd-bf16:bf16";; cpc) SETS="cpc-f32bwd:f32:b cpc-bf16bwd:bf16:b cpc-f32:f32";; esac; [ -n "${ONLY:-}" ] && SETS=$(echo $ONLY | tr , " " | sed "s/\([a-z0-9-]*\)\.\([a-z0-9]*\)\.\?\([b]\?\)/\1:\2:\3/g")
  for be in $BE; do unset SMAX_OPENCL_DEVICE; [ $be = ocl ] && export SMAX_OPENCL_DEVICE=NVIDIA
    for item in $SETS; do IFS=: read -r set dt dir <<< "$item"
      for r in $ROUNDS; do round $be $set $r --dtype $dt ${dir:+--backward}; done; done
    echo "[$((SECONDS-t0)) s] $EXP $be"
  done
done
