#!/usr/bin/env bash
# call 3 (2026-11-29, nineteenth session, H200): m19 = main 610501e; bk3 = the candidate commit: the gradient's cluster
# kernel keeps its chunk by bulk copies, at most 40 registers an item, its chunks by the on-chip share (no batch rule).
# (a) smax-bench auto m19 / bk3 / bk3 / m19 over the gradient's cluster rows; (b) CUDA conformance of bk3, default tier
# every variant, large tier f32 and bf16 gradient and f32 forward; (c) compute-sanitizer of bk3; synccheck of m19 at the
# shapes whose last chunk holds no vector (is call 1 and 2's "Missing wait" main's as well?).
set -u
S=/tmp; for b in m19 bk3; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m19 / bk3 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b
  [ $SECONDS -gt 230 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 80 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s; ", s, $4, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
sh() { local c; for c in "$@"; do printf -- "--shape %dx%d " $(( (1 << 26) / c )) $c; done; }
set3() { local b=$1 tag=$2
  R $b $tag-f32 --backward --dtype f32 $(sh 20000 32768 50257 65536 100000 128256) --shape 4096x128256
  R $b $tag-bf16 --backward --dtype bf16 $(sh 28000 50257 65536 128256 200000 262144)
  R $b $tag-f16 --backward --dtype f16 $(sh 50257 65536)
  R $b $tag-bf16log --backward --log --dtype bf16 $(sh 65536); t $tag; }
set3 m19 A1
set3 bk3 B1
set3 bk3 B2
set3 m19 A2
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$N timeout $((585 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
N=$S/stage-bk3
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
while IFS= read -r v; do C bk3 c-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$V"
wait; t conformance default done
for v in 'bwd y,dy:f32 dx:f32' 'bwd y,dy:bf16 dx:bf16' 'fwd f32->f32'; do C bk3 cl-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --large --only large --variant "$v"; done
SH="--shape 12x40000 --shape 5x30001 --shape 7x50257 --shape 16x8193 --shape 2x100003"
for tool in memcheck synccheck; do for a in "--dtype f32" "--dtype bf16" "--dtype bf16,f32" "--dtype f16 --log"; do
  C bk3 san-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --algo auto --backward $a $SH; done; done
for a in "--dtype f32" "--dtype bf16"; do
  C bk3 san-racecheck-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool racecheck $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --algo auto --backward $a --shape 5x30001 --shape 16x8193; done
M=$S/stage-m19
for s in 16x8193 16x4097 9x16385 4x24577; do
  C m19 msan-synccheck-f32-$s compute-sanitizer --tool synccheck $M/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --algo auto --backward --dtype f32 --shape $s
  C bk3 bsan-synccheck-f32-$s compute-sanitizer --tool synccheck $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --algo auto --backward --dtype f32 --shape $s; done
t sanitizer queued
wait
cat $L/c-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "bk3 default: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
for f in $L/c-*.txt $L/cl-*.txt; do echo "$(basename $f): $(grep -E '^[0-9]+ passed' $f | tail -1) | $(tail -1 $f)"; done
grep -h "FAIL" $L/c-*.txt $L/cl-*.txt | head -10
for f in $L/san-*.txt $L/msan-*.txt $L/bsan-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(grep -m1 -A3 'Barrier error' $f | tr '\n' ' ') | $(tail -1 $f)"; done
t end
