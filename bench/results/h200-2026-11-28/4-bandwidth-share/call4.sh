#!/usr/bin/env bash
# call 4 (2026-11-28, eleventh session, H200): build "bw" (one-launch share by memory bandwidth): CUDA conformance, default and
# large tiers, all variants; then main against bw, two rounds each, at shapes whose plan changes on the H200.
set -u
S=/tmp; tar xJf .dev/stage/bw.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
N=$S/stage-bw
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 18 ] && break; sleep 1; done; }
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
for tier in default large; do
  while IFS= read -r v; do
    throttle
    tag=c-$tier-$(echo "$v" | tr -c 'a-z0-9' '_'); o=""; [ $tier = large ] && o="--only large"
    ( LD_LIBRARY_PATH=$N timeout $((200 - SECONDS)) $N/smax_conformance $o --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!)
  done <<< "$V"
  t "queued $tier"
done
wait
for tier in default large; do for dir in fwd bwd; do
  cat $L/c-$tier-${dir}*.txt | awk -v b="cuda $tier $dir" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
tar xJf .dev/stage/main.txz -C $S
R() { local N=$S/stage-$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s:%s_%s_%s %s; ", s, $3, $4, $5, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
i=0
for b in main bw bw main; do i=$((i+1))
  R $b a$i-f32-$b --dtype f32 --shape 4096x20000 --shape 2048x28000 --shape 8192x32768 --shape 4096x65536 --shape 4096x128256 --shape 512x128256
  R $b a$i-h-$b --dtype bf16 --shape 1024x262144 --shape 4096x128256 --shape 8192x50257 --shape 8192x32768
  R $b a$i-f16-$b --dtype f16 --shape 4096x65536 --shape 1024x262144
  t a$i
done
t end
