#!/usr/bin/env bash
# H100 call 1 (session 2026-11-24 22:29): main e98ce36 + dev-only plan switches (x.diff, read from the
# environment): SMAX_X_OC=1 f32 forward rows that would idle a third of the register kernel's slots run
# on-chip; =3 every f32 forward row past SMAX_X_OC_MIN; =2 16-bit ones too; SMAX_X_BWDFEW=1 the gradient's
# rows fewer than a quarter of the CUs and too long for registers run as clusters (as the forward does);
# SMAX_X_CHUNKS=n such rows take n chunks. (A) f32 forward 600-2048 columns, base vs OC1 vs OC3, two
# alternating rounds; (B) few rows of 32000, fwd and bwd, f32 and bf16, chunk counts; (C) ncu of the
# kernels at f32/bf16 16000x1025 and 32x32000, Triton beside; (D) peers at f32 1025/1365.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit) + .dev/x.diff; $(date -u)"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader
S=/tmp/stage; mkdir -p $S; tar xJf .dev/stage/x/x.txz -C $S
B="--reps 5 --max-seconds 0.2 --no-overhead --quiet --algo auto"
run() { # tag env... -- args
  local tag=$1; shift; local e=(); while [ "$1" != "--" ]; do e+=("$1"); shift; done; shift
  env "${e[@]}" LD_LIBRARY_PATH=$S timeout 200 $S/smax-bench $B "$@" > $logs/$tag.txt 2>&1
  echo "$tag: exit $?: $(grep -E '^ +auto ' $logs/$tag.txt | awk '{print $NF}' | tr '\n' ' ')"
}
shapes() { local s=""; for c in "$@"; do s="$s --shape $((16777216 / c))x$c"; done; echo $s; }
F="600 800 1000 1025 1100 1200 1365 1500 1800 2000 2048"
echo "(A) f32 forward: $F"
for round in 1 2; do
  run r$round-base X=0 -- --dtype f32 $(shapes $F)
  run r$round-oc1 SMAX_X_OC=1 -- --dtype f32 $(shapes $F)
  run r$round-oc3 SMAX_X_OC=3 SMAX_X_OC_MIN=512 -- --dtype f32 $(shapes $F)
done
t "A done"
R="--shape 8x32000 --shape 16x32000 --shape 32x32000 --shape 64x32000"
echo "(B) rows 8 16 32 64 x 32000"
for dt in f32 bf16; do
  for v in base c4 c8 c12 c16; do
    case $v in base) e="X=0";; c*) e="SMAX_X_CHUNKS=${v#c}";; esac
    run fwd-$dt-$v $e -- --dtype $dt $R
    run bwd-$dt-$v SMAX_X_BWDFEW=1 $e -- --dtype $dt --backward $R
  done
  run bwd-$dt-fused X=0 -- --dtype $dt --backward $R
done
t "B done"
prof() { # tag kernel-regex env... -- cmd...
  local tag=$1 k=$2; shift 2; local e=(); while [ "$1" != "--" ]; do e+=("$1"); shift; done; shift
  env "${e[@]}" LD_LIBRARY_PATH=$S timeout 120 ncu --section SpeedOfLight --section Occupancy --section LaunchStats \
    --section WarpStateStats --section MemoryWorkloadAnalysis -k regex:$k --launch-skip 3 --launch-count 1 -f -o $logs/$tag "$@" > $logs/$tag-run.txt 2>&1
  local rc=$?
  ncu -i $logs/$tag.ncu-rep --page details > $logs/$tag-details.txt 2>&1
  ncu -i $logs/$tag.ncu-rep --page raw --csv > $logs/$tag-raw.csv 2>&1
  echo "== $tag (ncu exit $rc): $(python3 .dev/ncu_top.py < $logs/$tag-details.txt)"
  python3 - $logs/$tag-raw.csv <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
if len(rows) < 3: print("  no raw"); sys.exit()
h, v = rows[0], rows[-1]
st = [(float(v[i]), h[i]) for i in range(len(h)) if h[i].startswith("smsp__average_warps_issue_stalled_") and h[i].endswith("_per_issue_active.ratio") and v[i].replace('.','',1).isdigit()]
st.sort(reverse=True)
print("  stalls per issue: " + ", ".join("%s %.2f" % (n.replace("smsp__average_warps_issue_stalled_","").replace("_per_issue_active.ratio",""), x) for x, n in st[:7]))
PY
}
BN="$S/smax-bench --reps 3 --max-seconds 0.01 --batch-ms 0 --rotate-mb 0 --no-overhead --quiet --algo auto"
prof f32-1025-regs smax_ X=0 -- $BN --dtype f32 --shape 16000x1025
prof f32-1025-oc smax_ SMAX_X_OC=1 -- $BN --dtype f32 --shape 16000x1025
prof f32-1024-regs smax_ X=0 -- $BN --dtype f32 --shape 16000x1024
prof bf16-1025-tile smax_ X=0 -- $BN --dtype bf16 --shape 16000x1025
prof bf16-1025-oc smax_ SMAX_X_OC=2 -- $BN --dtype bf16 --shape 16000x1025
prof f32-32x32000 smax_ X=0 -- $BN --dtype f32 --shape 32x32000
PY=/opt/torch/.venv/bin/python3
for s in f32:16000x1025 bf16:16000x1025; do
  prof triton-${s%%:*}-1025 softmax X=0 -- $PY bench/peer_bench.py --lib $S/libsmax.so.0 --support $S/libsmax_testsupport.so \
    --impl triton --dtype ${s%%:*} --shape ${s#*:} --reps 3 --budget 0.05 --out $logs/tr
done
t "C done"
peer() { # tag env... -- args
  local tag=$1; shift; local e=(); while [ "$1" != "--" ]; do e+=("$1"); shift; done; shift
  env "${e[@]}" timeout 150 $PY bench/peer_bench.py --lib $S/libsmax.so.0 --support $S/libsmax_testsupport.so \
    --impl smax-auto,torch,triton "$@" --reps 7 --budget 0.4 --out $logs/peer-$tag > $logs/peer-$tag.txt 2>&1
  echo "peer $tag: exit $?"; grep -E "^[0-9]+x[0-9]+ " $logs/peer-$tag.txt | head -8
}
P="--shape 16000x1025 --shape 12000x1365 --shape 16000x1100 --shape 8000x2049"
peer f32-base X=0 -- --dtype f32 $P
peer f32-oc1 SMAX_X_OC=1 -- --dtype f32 $P
t end
