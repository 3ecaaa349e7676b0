#!/usr/bin/env bash
# call 5 (2026-11-29, eighteenth session, H200): cp = ccb27eb + the plan's env knobs (.dev/exp-s18.patch, none set = main's
# plans) + no pause between a waiting item's polls on NVIDIA (SMAX_SPIN_PAUSE empty, as OpenCL C has it): HIP on NVIDIA
# ran the device-memory exchange of f32 gradients at 67-70% of copy where OpenCL on NVIDIA, same plans and registers,
# ran 81-86 (call 3). (a) call 1's shapes, two rounds, and the exchange where clusters ran (NOCL), against call 1's main;
# HIP on NVIDIA (main) at call 3's two shapes as a control; (b) CUDA conformance, default tier, f32 and bf16 forward and
# gradient with NOCL (the exchange where a cluster would run).
set -u
S=/tmp; for b in cp hipnv-n; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "cp: ccb27eb + knobs + no pause $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
R() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b
  [ $SECONDS -gt 110 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 40 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s; ", s, $4, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
sh() { local c; for c in "$@"; do printf -- "--shape %dx%d " $(( (1 << 26) / c )) $c; done; }
set1() { R cp $1-bwdf32 --backward --dtype f32 $(sh 50257 128256 262144 1048576 65536)
  R cp $1-bwdbf16 --backward --dtype bf16 $(sh 50257 128256 262144 1048576)
  R cp $1-fwd --dtype f32 $(sh 1048576 262144)
  R cp $1-fwdbf16 --dtype bf16 $(sh 1048576); t $1; }
set1 p1
SMAX_EXP_NOCL_BWD=1 SMAX_EXP_NOCL_FWD=1 set1 pnocl
R hipnv-n hip-bwdf32 --backward --dtype f32 --shape 8192x32768 --shape 4096x65536
set1 p2
t bench
CP=()
C() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b
  ( LD_LIBRARY_PATH=$N timeout $((200 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
N=$S/stage-cp
for v in 'fwd f32->f32' 'fwd bf16->bf16' 'bwd y,dy:f32 dx:f32' 'bwd y,dy:bf16 dx:bf16'; do
  C cp c-nocl-$(echo "$v" | tr -c 'a-z0-9' '_') env SMAX_EXP_NOCL_FWD=1 SMAX_EXP_NOCL_BWD=1 $N/smax_conformance --variant "$v"; done
wait
for f in $L/c*.txt; do echo "$(basename $f): $(grep -E '^[0-9]+ passed' $f | tail -1) | $(tail -1 $f)"; done
grep -h "FAIL" $L/c*.txt | head -10
t end
