#!/usr/bin/env bash
# call 2 (twentieth session, H200): bk3 = main's forward kernels (e70731d; main 11b38ed differs in the forward only by
# the cluster kernel readying one barrier, not two); xb = 11b38ed's gradient (branch build 121888e, same kernels);
# fb = the forward's one-launch kernels (clusters and the device-memory exchange) keeping their chunk by one bulk copy,
# at most 40 registers an item, the gradient's keep through the shared smax_bulk_keep_begin/wait.
# (a) forward bk3 / fb / fb / bk3; (b) gradient xb / fb (the shared helpers); (c) CUDA conformance of fb, default tier
# every variant, large tier f32 and bf16 forward; (d) compute-sanitizer of fb, forward.
set -u
S=/tmp; for b in bk3 xb fb; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "bk3 / xb / fb $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b
  [ $SECONDS -gt 300 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 80 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s; ", s, $4, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
sh() { local c; for c in "$@"; do printf -- "--shape %dx%d " $(( (1 << 26) / c )) $c; done; }
setf() { local b=$1 tag=$2
  R $b $tag-f32 --dtype f32 --shape 1024x262144 --shape 4096x128256 --shape 8192x50257 $(sh 65536 100000 524288) --shape 256x1048576 --shape 1x8388608
  R $b $tag-bf16 --dtype bf16 --shape 1024x262144 --shape 8192x50257 $(sh 200000 524288) --shape 256x1048576 --shape 1x8388608
  R $b $tag-misc --dtype f16 --shape 1024x262144
  R $b $tag-mixed --dtype bf16,f32 $(sh 262144)
  R $b $tag-bf16log --log --dtype bf16 $(sh 65536); t $tag; }
setf bk3 A1; setf fb B1; setf fb B2; setf bk3 A2
for b in xb fb; do R $b G-$b --backward --dtype f32 --shape 1024x262144 $(sh 50257) --shape 256x1048576; R $b G-$b-bf16 --backward --dtype bf16 --shape 256x1048576 $(sh 200000); done; t gradient
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$N timeout $((585 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
N=$S/stage-fb
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
while IFS= read -r v; do C fb c-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$V"
wait; t conformance default done
for v in 'fwd f32->f32' 'fwd bf16->bf16'; do C fb cl-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --large --only large --variant "$v"; done
for tool in memcheck racecheck synccheck; do for a in "--dtype f32" "--dtype bf16" "--dtype bf16,f32 --log"; do
  C fb san-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --algo auto $a --shape 3x300001 --shape 2x600000 --shape 7x50257 --shape 5x30001; done; done
wait
cat $L/c-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "fb default: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
for f in $L/c-*.txt $L/cl-*.txt; do echo "$(basename $f): $(grep -E '^[0-9]+ passed' $f | tail -1) | $(tail -1 $f)"; done
grep -h "FAIL" $L/c-*.txt $L/cl-*.txt | head -10
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(grep -m1 -A1 -E 'Warning|Barrier error|Error' $f | tr '\n' ' ') | $(tail -1 $f)"; done
t end
