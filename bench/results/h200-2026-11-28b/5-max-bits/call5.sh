#!/usr/bin/env bash
# call 5 (2026-11-28, twelfth session, H200): build "mx" = ca3c634 + a 16-bit row's pass-1 maximum taken on its bits
# (max.bf16x2 / max.f16x2, smax_in_max2): CUDA conformance, default tier, every forward variant; then main / mx / mx /
# main at 16-bit forward shapes (the on-chip fused kernel, the one-launch chunks; the register kernel as a control).
set -u
S=/tmp; for b in main mx; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
N=$S/stage-mx
CP=()
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^fwd')
while IFS= read -r v; do
  tag=c-$(echo "$v" | tr -c 'a-z0-9' '_')
  ( LD_LIBRARY_PATH=$N timeout 150 $N/smax_conformance --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!)
done <<< "$V"
wait
cat $L/c-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{k++; if ($2!=0) bad++} END{printf "mx cuda default fwd: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, k, bad}'
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
t conformance
R() { local N=$S/stage-$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s; ", s, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
i=0
for b in main mx mx main; do i=$((i+1))
  R $b a$i-bf16-$b --dtype bf16 --shape 65536x4096 --shape 32768x8192 --shape 16384x16384 --shape 8192x32768 --shape 2097152x128 --shape 1024x262144 --shape 8192x50257
  R $b a$i-f16-$b --dtype f16 --shape 65536x4096 --shape 32768x8192 --shape 4096x65536 --shape 256x1048576
  R $b a$i-log-$b --log --dtype bf16 --shape 32768x8192
  t a$i
done
t end
