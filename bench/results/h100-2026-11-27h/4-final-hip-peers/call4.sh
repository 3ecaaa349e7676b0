#!/usr/bin/env bash
# call 4 (2026-11-27, eighth session): the streaming partials' exponentials as committed (16-bit outputs only; f32 code as
# e5c2b9a): (a) ABBA, CUDA "final" against e5c2b9a ("base"); (b) HIP on NVIDIA ("hipnv", the same kernels) conformance, all
# variants, default and large tiers; (c) peer rows (bench/peer_bench.py) bf16 and f16 forward at 1 x 2^28.
set -u
S=/tmp; for f in .dev/stage/*.txz; do tar xJf $f -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 12 ] && break; sleep 1; done; }
for b in hipnv; do
  N=$S/stage-$b
  V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
  for tier in default large; do
    while IFS= read -r v; do
      throttle
      tag=c-$b-$tier-$(echo "$v" | tr -c 'a-z0-9' '_'); o=""; [ $tier = large ] && o="--only large"
      ( LD_LIBRARY_PATH=$N timeout $((330 - SECONDS)) $N/smax_conformance $o --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!)
    done <<< "$V"
  done
  t "queued $b"
done
wait
for b in hipnv; do for tier in default large; do for dir in fwd bwd; do
  cat $L/c-$b-$tier-${dir}*.txt | awk -v b="$b $tier $dir" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10; head -2 $L/c-hipnv-default-fwd_f32__f32_.txt
t conformance
R() { local tag=$1 b=$2 a=$3; shift 3; local N=$S/stage-$b
  LD_LIBRARY_PATH=$N timeout 150 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo $a "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk -v a=$a '/^[0-9]+x[0-9]+/{s=$1} $1==a{printf "%s:%s_%s_%s %s %s; ", s, $3, $4, $5, $(NF-1), $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
i=0
for b in base final final base; do i=$((i+1))
  R a$i-bf16-$b $b auto --dtype bf16 --shape 1x134217728 --shape 1x16777216
  R a$i-f16-$b $b auto --dtype f16 --shape 1x134217728
  R a$i-f32-$b $b auto --dtype f32 --shape 1x67108864 --shape 256x1048576
  R a$i-bf16-on-$b $b online --dtype bf16 --shape 256x1048576
  t a$i
done
N=$S/stage-final
printf "1 268435456\n" > /tmp/peer4.txt
P() { local tag=$1; shift; local d=$OUT/peers-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout $((520 - SECONDS)) python3 bench/peer_bench.py --lib $N/libsmax.so --support $N/libsmax_testsupport.so \
    --commit "$(head -c 7 .dev/final-commit)" --out $d --impl smax-auto,torch,triton --reps 10 --budget 1.0 --shapes /tmp/peer4.txt "$@" > $d/peers.txt 2>&1
  t "peers $tag: exit $?"; grep -E "^\| [0-9]+x" $d/*.md | head -3; }
P bf16 --dtype bf16
P f16 --dtype f16
t end
