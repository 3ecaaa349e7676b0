#!/usr/bin/env bash
# call 3: few-row forward clusters kept in stages. al = main da21826 + working tree: onchip_chunks floor(cus/rows) (was
# ceil), forward clusters whose groups <= CUs keep their chunk in stages (SMAX_HELD_ALONE_BIT); dev overrides
# SMAX_DEV_CEIL=1 (old chunk rule), SMAX_DEV_ALONE=0/1, SMAX_DEV_CHUNKS. base = SMAX_DEV_CEIL=1 SMAX_DEV_ALONE=0 (main's
# plans and kernels' path). tr2 = al + globaltimer stamps. (a) traces; (b) peer_bench smax-auto ABBA; (c) conformance
# forward variants (al default, and SMAX_DEV_ALONE=1 forcing stages in every forward cluster); (d) sanitizers.
set -u
S=/tmp; for b in al tr2; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "al / tr2 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
T() { local tag=$1; shift; local N=$S/stage-tr2 E=()
  while [[ "${1:-}" == *=* ]]; do E+=("$1"); shift; done
  env LD_LIBRARY_PATH=$N "${E[@]}" timeout 30 $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.001 --batch-ms 0.05 --algo auto "$@" > $L/tr-$tag.txt 2>&1; }
T f32-base SMAX_DEV_CEIL=1 SMAX_DEV_ALONE=0 --dtype f32 --shape 32x32000
T f32-new --dtype f32 --shape 32x32000
T f32-c4-notalone SMAX_DEV_ALONE=0 --dtype f32 --shape 32x32000
T f32-c5-alone SMAX_DEV_CEIL=1 SMAX_DEV_ALONE=1 --dtype f32 --shape 32x32000
T bf16-base SMAX_DEV_CEIL=1 SMAX_DEV_ALONE=0 --dtype bf16 --shape 32x32000
T bf16-new --dtype bf16 --shape 32x32000
T f32-8r-new --dtype f32 --shape 8x32000
python3 .dev/calls/s21/trc_an.py $L/tr-*.txt; t traces
P=/opt/torch/.venv/bin/python3; N=$S/stage-al
PB() { local tag=$1 lim=$2; shift 2; local d=$L/peers-$tag; mkdir -p $d
  [ $SECONDS -gt 300 ] && { echo "$tag skipped (time)"; return; }
  PYTHONUNBUFFERED=1 timeout $lim $P bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit al --out $d --impl smax-auto --reps 25 --budget 0.5 "$@" > $d/peers.txt 2>&1
  echo "$tag: $(grep -E '^\[|^ *(copy|smax-auto) ' $d/peers.txt | awk '/^\[/{printf "\n  %s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}')"; }
FS="--shape 32x32000 --shape 16x32000 --shape 8x32000 --shape 24x32000 --shape 40x32000 --shape 32x65536 --shape 12x50257"
run() { local tag=$1; PB $tag-f32 40 --dtype f32 $FS; PB $tag-bf16 40 --dtype bf16 $FS; t $tag; }
(export SMAX_DEV_CEIL=1 SMAX_DEV_ALONE=0; run A1); run B1; (export SMAX_DEV_ALONE=0; run F1); run B2; (export SMAX_DEV_CEIL=1 SMAX_DEV_ALONE=0; run A2)
PB new-f16 30 --dtype f16 --shape 32x32000 --shape 8x32000; PB new-bf16log 30 --dtype bf16 --log --shape 32x32000 --shape 8x32000
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local tag=$1; shift; throttle
  ( LD_LIBRARY_PATH=$N timeout $((570 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^fwd')
while IFS= read -r v; do C c-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$V"
for v in 'fwd f32->f32' 'fwd bf16->bf16' 'fwd f16->f32'; do C ca-$(echo "$v" | tr -c 'a-z0-9' '_') env SMAX_DEV_ALONE=1 $N/smax_conformance --variant "$v"; done
for tool in racecheck synccheck memcheck; do for a in "--dtype f32" "--dtype bf16"; do
  C san-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --algo auto $a --shape 32x32000 --shape 8x32001 --shape 24x50257; done; done
wait
for f in $L/c-*.txt $L/ca-*.txt; do echo "$(basename $f): $(grep -E '^[0-9]+ passed' $f | tail -1) | $(tail -1 $f)"; done
cat $L/c-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "al forward default: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(tail -1 $f)"; done
t end
