#!/usr/bin/env bash
# call 3 (forty-seventh session, H200): b47 = main 800dfe5 + the forward cluster kernel's f32 chunk kept by one bulk
# copy where the planner sets SMAX_BULK_KEEP_BIT (scale 1, memory outpacing the H100's); SMAX_DEV_BULK=0 turns it
# off (A: the kernel's asynchronous copies, main's path), unset = the rule (B). M = y46 (b1a8439: main's forward
# kernels) as a control of A. M A B B A M at f32 cluster rows; conformance of the f32 forward; compute-sanitizer.
set -u
S=/tmp; for s in b47 y46; do tar xJf .dev/stage/$s.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "b47; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 120 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.08 "$@" > $L/$tag.txt 2>&1; echo "rc=$?" >> $L/$tag.txt
  echo "== $tag"; grep -A1 -E "^[0-9]+x[0-9]+ " $L/$tag.txt | grep -E "auto|FAIL" | awk '{print $(NF-1)}' | tr '\n' ' '; echo; grep -E "FAIL|rror|rc=[1-9]" $L/$tag.txt | head -3; }
SH="--shape 4096x128256 --shape 8192x50257 --shape 4096x65536 --shape 8192x32768 --shape 671x100000 --shape 1024x65536 --shape 128x262144 --shape 2048x32768"
echo "shapes: $SH"
R warm b47 --algo auto --dtype f32 --shape 64x128 > /dev/null
n=0
for v in M A B B A M; do
  n=$((n+1)); t "round $n $v"
  case $v in M) b=y46; E="X=1";; A) b=b47; E="SMAX_DEV_BULK=0";; B) b=b47; E="X=1";; esac
  env $E bash -c "$(declare -f R); S=$S L=$L
  R f32-$n-$v $b --algo auto --dtype f32 $SH
  R log-$n-$v $b --algo auto --log --dtype f32 --shape 4096x128256 --shape 8192x50257"
done
t "conformance, f32 forward, SMAX_DEV_BULK=1"
B=$S/stage-b47
for g in special layout values shapes; do
  [ $((SECONDS-t0)) -gt 480 ] && break
  SMAX_DEV_BULK=1 LD_LIBRARY_PATH=$B timeout 90 $B/smax_conformance --variant 'fwd f32->f32' --only $g > $L/conf-$g.txt 2>&1; echo "conf $g rc=$?"; tail -2 $L/conf-$g.txt
done
t "compute-sanitizer"
for tool in racecheck synccheck memcheck; do
  [ $((SECONDS-t0)) -gt 560 ] && break
  LD_LIBRARY_PATH=$B timeout 40 compute-sanitizer --tool $tool --print-limit 5 $B/smax-bench --no-overhead --quiet --reps 2 --max-seconds 0.01 --rotate-mb 0 --algo auto --dtype f32 --shape 67x100003 > $L/san-$tool.txt 2>&1; echo "$tool rc=$?"; grep -E "ERROR SUMMARY|RACECHECK SUMMARY|FAIL" $L/san-$tool.txt | head -3
done
t end
