#!/usr/bin/env bash
# Calls of this record (sixty-third session, H100). cu-c = main c3c5d4a's CUDA build (Release, 90-real), ocl-c =
# its OpenCL build (Release, NVIDIA's ICD); both staged by ../h100-2026-12-06b/stage.sh.
# STAG="set:N N ..,set:N N .." - rounds of the gradient's device-memory exchange stagger on CUDA, SMAX_STAGGER=N
# rows (0: none, the H100's plan), sets f32 (stagger-f32.txt) and bf16 (stagger-bf16.txt), --backward.
# LAZY=1: b1d6adf's lazy budget builds on NVIDIA's OpenCL (the f32 pair's re-read and exchange programs built on
# their first launch), each step timed. CONF="variant+variant" or all: ocl-c's default conformance tier, one
# process a variant, for the time left (call 1 also kept NVIDIA's compute cache, too large to bring back).
# Run: STAG=... LAZY=1 CONF=all END=540 bash bench/results/h100-2026-12-06d/call.sh
set -u
END=${END:-540}; OCL=${OCL:-ocl-c}; CU=cu-c; R=bench/results/h100-2026-12-06d
S=/tmp; tar xJf .dev/stage/$OCL.txz -C $S; tar xJf .dev/stage/$CU.txz -C $S
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
left() { local l=$((END-(SECONDS-t0))); [ $l -gt ${1:-9999} ] && l=$1; echo $l; }
echo "STAG=${STAG:-}; LAZY=${LAZY:-}; CONF=${CONF:-}; END=$END; $(date -u)"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
SB() { local tag=$1 b=$2 shapes=$3; shift 3; local N=$S/stage-$b
  [ $(left) -lt 20 ] && { echo "$tag: skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout $(left 120) $N/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.2 --algo auto --shapes $shapes "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt
  echo "$tag: $(awk '$1 ~ /^[0-9]+x[0-9]+$/ {s=$1} $1=="auto" {for(i=1;i<=NF;i++) if($i=="ok"||$i=="FAIL") {p=""; for(j=2;j<i;j++) p=p" "$j; printf "%s%s %s %sus %s%%; ", s, p, $i, $(i+2), $(i+4)}}' $L/$tag.txt) $(tail -1 $L/$tag.txt)"; }
IFS=, read -ra ITEMS <<< "${STAG:-}"
for item in "${ITEMS[@]}"; do set=${item%%:*}
  for n in ${item#*:}; do SMAX_STAGGER=$n SB $set-s$n-$SECONDS $CU $R/stagger-$set.txt --dtype $set --backward; done
  t "$set stagger rounds"
done
# AB="backend:set:rounds,..." e.g. AB="cu:f32:A B B A,ocl:f32:A B B A": A = cu-c / ocl-c (main), B = cu-s / ocl-s
# (main + the stagger on every device that keeps chunks asynchronously), over stagger-SET.txt, --backward.
# SAN=1: compute-sanitizer (racecheck, synccheck, memcheck) of cu-s's f32 gradient exchange at 8 x 300000 (74 chunks
# a row), every row gated (SMAX_STAGGER=1), and at 64 x 300000 with the plan's own stagger; then cu-s's conformance
# of every gradient variant, special group, clusters off and every row gated (SMAX_CLUSTERS=0 SMAX_STAGGER=1).
if [ -n "${SAN:-}" ]; then tar xJf .dev/stage/cu-s.txz -C $S; B=$S/stage-cu-s
  for run in "1 8x300000" "- 64x300000"; do set -- $run
    for tool in racecheck synccheck memcheck; do
      ( [ $1 = - ] || export SMAX_STAGGER=$1; LD_LIBRARY_PATH=$B timeout 90 compute-sanitizer --tool $tool --print-limit 5 $B/smax-bench --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 --algo auto --backward --dtype f32 --shape $2 > $L/san-$tool-$2.txt 2>&1; echo "$tool $2 stagger $1 rc=$?: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/san-$tool-$2.txt | tr '\n' ' ') $(grep -E '^ +auto' $L/san-$tool-$2.txt | head -1)" )
    done; done
  f=$L/conf-cu-s-stagger.txt
  ( SMAX_CLUSTERS=0 SMAX_STAGGER=1 LD_LIBRARY_PATH=$B timeout $(left 150) $B/smax_conformance --only special --variant "$(LD_LIBRARY_PATH=$B $B/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | sed "s/' '/+/g; s/'//g" | tr + '\n' | grep bwd | paste -sd+)" > $f 2>&1; echo "exit $?" >> $f )
  echo "cu-s conformance, gradient variants, special, SMAX_CLUSTERS=0 SMAX_STAGGER=1: $(grep -E '^[0-9]+ passed' $f | tail -1) $(tail -1 $f)"
  t sanitizer and conformance
fi
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
IFS=, read -ra ITEMS <<< "${AB:-}"
for item in "${ITEMS[@]}"; do be=${item%%:*}; rest=${item#*:}; set=${rest%%:*}
  for r in ${rest#*:}; do case $r in A) b=$be-c;; B) b=$be-s;; esac; [ -d $S/stage-$b ] || tar xJf .dev/stage/$b.txz -C $S
    SB $be-$set-$r-$SECONDS $b $R/stagger-$set.txt --dtype ${set%%-*} --backward; done
  t "$be $set rounds"
done
if [ -n "${LAZY:-}" ]; then
  for s in "1 4194304" "32 1048576" "1 4194304" "32 1048576"; do echo "$s" > /tmp/one.txt; a=$SECONDS
    LD_LIBRARY_PATH=$S/stage-$OCL timeout 90 $S/stage-$OCL/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --shapes /tmp/one.txt 2>&1 | grep -E "auto|copy|runs:|FAIL|error"
    t "lazy $s: $((SECONDS-a)) s"; done
fi
if [ -n "${CONF:-}" ]; then
  if [ "$CONF" = all ]; then V=$(LD_LIBRARY_PATH=$S/stage-$OCL $S/stage-$OCL/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | sed "s/' '/+/g; s/'//g"); else V=$CONF; fi
  IFS=+ read -ra VS <<< "$V"
  for v in "${VS[@]}"; do [ $(left) -lt 30 ] && { echo "conformance $v: not run (time)"; continue; }
    f=$L/conf-$(echo "$v" | tr -c 'a-z0-9\n' '_').txt; a=$SECONDS
    ( LD_LIBRARY_PATH=$S/stage-$OCL timeout $(left) stdbuf -oL $S/stage-$OCL/smax_conformance --variant "$v" > $f 2>&1; echo "exit $?" >> $f )
    echo "conformance $v: $(grep -E '^[0-9]+ passed' $f | tail -1) $(tail -1 $f) [$((SECONDS-a)) s]"; grep -h FAIL $f | head -3
  done
fi
t end
