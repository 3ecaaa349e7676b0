#!/usr/bin/env bash
# call 3 (2026-11-28, ninth session): "fin" = fafb6f3 + the forward device-memory exchange of f32 x and a 16-bit y bounded
# to 40 registers (SMAX_COOP_REGISTERS) + a forward cluster row's chunk count raised where the occupancy query says more
# bytes stay on-chip (cluster_fill_units). (a) ABBA against fafb6f3 ("cur"); (b) conformance of "fin", all 18 variants,
# default and large tiers; compute-sanitizer's four tools on "fin" (shapes that take the new chunk counts among them).
set -u
S=/tmp; for f in .dev/stage/cur.txz .dev/stage/fin.txz; do tar xJf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; compute-sanitizer --version | tail -1
R() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s:%s_%s_%s %s %s; ", s, $3, $4, $5, $(NF-1), $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
i=0
for b in cur fin fin cur; do i=$((i+1))
  R a$i-mix-$b $b --dtype f32,bf16 --shape 256x1048576
  R a$i-mixh-$b $b --dtype f32,f16 --shape 128x1048576
  R a$i-f16-$b $b --dtype f16 --shape 1024x262144 --shape 2048x128256
  R a$i-bf16-$b $b --dtype bf16 --shape 1024x262144 --shape 256x1048576
  R a$i-f32-$b $b --dtype f32 --shape 512x128256 --shape 1024x65536
  t a$i
done
N=$S/stage-fin
SB="--shape 64x1000 --shape 33x3000 --shape 300x10000 --shape 4x65535 --shape 2x200001 --shape 3x1048576 --shape 1x4194304 --shape 16x8192 --shape 40x262144 --shape 40x128256"
for tool in memcheck racecheck initcheck synccheck; do
  ( LD_LIBRARY_PATH=$N timeout 330 compute-sanitizer --tool $tool --error-exitcode 99 $N/smax_conformance --only special \
      --variant 'fwd f32->f32+fwd bf16->bf16+fwd f16->f16+fwd f32->bf16+bwd y,dy:f32 dx:f32+bwd y,dy:bf16 dx:bf16' > $L/san-$tool-special.txt 2>&1; echo "exit $?" >> $L/san-$tool-special.txt ) &
  for d in f32 bf16 f16 f32,bf16; do for dir in "" --backward; do
    [ $d = f32,bf16 ] && [ -n "$dir" ] && continue
    ( LD_LIBRARY_PATH=$N timeout 330 compute-sanitizer --tool $tool --error-exitcode 99 $N/smax-bench --no-overhead --quiet --reps 2 --batch-ms 0 \
        --max-seconds 0.001 --rotate-mb 0 --algo auto $dir --dtype $d $SB > $L/san-$tool-$d$dir.txt 2>&1; echo "exit $?" >> $L/san-$tool-$d$dir.txt ) &
  done; done
done
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 12 ] && break; sleep 1; done; }
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
for tier in default large; do
  while IFS= read -r v; do
    throttle
    tag=c-fin-$tier-$(echo "$v" | tr -c 'a-z0-9' '_'); o=""; [ $tier = large ] && o="--only large"
    ( LD_LIBRARY_PATH=$N timeout $((560 - SECONDS)) $N/smax_conformance $o --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!)
  done <<< "$V"
done
t "queued fin"
wait
for tier in default large; do for dir in fwd bwd; do
  cat $L/c-fin-$tier-${dir}*.txt | awk -v b="fin $tier $dir" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -h 'ERROR SUMMARY\|RACECHECK SUMMARY' $f | tail -1) | $(grep -h 'runs:\|passed,' $f | tail -1) | $(tail -1 $f)"; grep -h "L1K" $f | awk '{print "   ", $1, $2, $3, $4, $5}' | head -3; done
t end
