#!/usr/bin/env bash
# call 1 (thirty-second session, H200): the gradient's kernels compiled apart for softmax and log-softmax (m32: the
# tiles, register rows, on-chip rows, device-memory exchange and re-read write passes take the log bit as a constant)
# against f1 (main's kernels: the flags tested per element). A B B A, % of copy, 2^25-element shapes; then CUDA
# conformance of every gradient variant (default tier) and compute-sanitizer memcheck and racecheck at log-softmax
# gradient shapes of each kernel.
set -u
S=/tmp; for b in f1 m32; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "f1 m32 $(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 60 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
i=0; for b in f1 m32 m32 f1; do i=$((i+1))
  R bl-$i-$b $b --algo auto --log --backward --dtype bf16 $(SH 100 145 229 457 575 1149 1825 2897 7299) --shape 1024x65536 --shape 128x262144
  R fl-$i-$b $b --algo auto --log --backward --dtype f32 $(SH 145 575 1149 3001 6001) --shape 512x65536
  R hl-$i-$b $b --algo auto --log --backward --dtype f16,bf16 $(SH 229 1149)
  R bs-$i-$b $b --algo auto --backward --dtype bf16 $(SH 145 575 1825 2897) --shape 1024x65536
  R fs-$i-$b $b --algo auto --backward --dtype f32 $(SH 575 3001) --shape 512x65536
done; t ab
N=$S/stage-m32
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local tag=$1; shift; throttle
  ( LD_LIBRARY_PATH=$N timeout $((450 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
VV=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^bwd')
while IFS= read -r v; do C c-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$VV"
wait; t conformance
cat $L/c-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "cuda default bwd: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
for tool in memcheck racecheck; do for s in "bf16 1001x145" "bf16 301x1825" "bf16 201x2897" "bf16 7x65536" "f32 99x6001" "f32 3x262144"; do set -- $s
  tag=san-$tool-$1-$2; LD_LIBRARY_PATH=$N timeout 60 compute-sanitizer --tool $tool --error-exitcode 9 $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.01 --rotate-mb 0 --algo auto --log --backward --dtype $1 --shape $2 > $L/$tag.txt 2>&1
  echo "$tag: exit $? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/$tag.txt | tr '\n' ' ')"; done; done
t end
