#!/usr/bin/env bash
# call 2 (2026-11-29, nineteenth session, H200): m19 = main 610501e; bk2 = the gradient's cluster kernel keeping its chunk
# by bulk copies (no load barrier where a chunk has no vectors: call 1's synccheck), the cluster's chunks by the share
# of on-chip memory (SMAX_CLUSTER_GROUPS_PER_CU) instead of the register batches' rule; SMAX_EXP_BATCHRULE=1 restores
# main's chunk counts. (a) smax-bench auto, m19 / bk2 / bk2 batch rule / bk2 / m19 over the gradient's cluster rows;
# the peer-table shapes once each; (b) CUDA conformance of bk2, default tier, every variant, alone; (c) compute-sanitizer.
set -u
S=/tmp; for b in m19 bk2; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m19 / bk2 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b
  [ $SECONDS -gt 250 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 80 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s; ", s, $4, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
sh() { local c; for c in "$@"; do printf -- "--shape %dx%d " $(( (1 << 26) / c )) $c; done; }
set2() { local b=$1 tag=$2
  R $b $tag-f32 --backward --dtype f32 $(sh 20000 28000 32768 50257 65536 100000 128256)
  R $b $tag-bf16 --backward --dtype bf16 $(sh 20000 28000 32768 50257 65536 128256 200000 262144)
  R $b $tag-mixed --backward --dtype bf16,f32 $(sh 28000 50257 65536)
  R $b $tag-f16log --backward --log --dtype f16 $(sh 50257 65536); t $tag; }
set2 m19 A1
set2 bk2 B1
SMAX_EXP_BATCHRULE=1 set2 bk2 Bb
set2 bk2 B2
set2 m19 A2
peers() { R $1 $2-peer-f32 --backward --dtype f32 --shape 8192x32768 --shape 4096x65536 --shape 8192x50257 --shape 4096x128256
  R $1 $2-peer-bf16 --backward --dtype bf16 --shape 8192x50257 --shape 4096x128256 --shape 1024x262144; t $2-peer; }
peers bk2 B; peers m19 A
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$N timeout $((585 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
N=$S/stage-bk2
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
while IFS= read -r v; do C bk2 c-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$V"
t conformance queued
wait; t conformance done
for tool in memcheck synccheck; do for a in "--dtype f32" "--dtype bf16" "--dtype bf16,f32" "--dtype f16 --log"; do
  C bk2 san-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --algo auto --backward $a --shape 12x40000 --shape 5x30001 --shape 7x50257 --shape 16x8193 --shape 2x100003; done; done
for a in "--dtype f32" "--dtype bf16"; do
  C bk2 san-racecheck-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool racecheck $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --algo auto --backward $a --shape 5x30001 --shape 16x8193; done
wait
cat $L/c-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "bk2 default: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
for f in $L/c-*.txt; do echo "$(basename $f): $(grep -E '^[0-9]+ passed' $f | tail -1) | $(tail -1 $f)"; done
grep -h "FAIL" $L/c-*.txt | head -10
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(tail -1 $f)"; done
t end
