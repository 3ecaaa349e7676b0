#!/usr/bin/env bash
# call 5 (thirty-ninth session): forward rows that leave 3 groups a unit as thread-block clusters where memory
# outpaces the H100's and rows are at least 3 a unit (cr4 = HEAD + the rule, branch x-cluster-rows4) against
# main (cud = 82cd1f0's library), A B B A, CUDA sm_90; cr4's CUDA conformance of the forward variants it touches.
set -u
S=/tmp; for b in cud cr4; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "cud = 82cd1f0; cr4 = $(cat .dev/commit) + x-cluster-rows4; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
for b in cud cr4; do R warm-$b $b --algo auto --dtype bf16 --shape 1024x32000 > /dev/null; done; t warm
for b in cud cr4 cr4 cud; do i=$((${i:-0}+1))
  R b-$i-$b $b --algo auto --dtype bf16 --shape 256x32000 --shape 384x32000 --shape 512x32000 --shape 1024x32000 --shape 2048x32000 --shape 8192x32000 --shape 1024x30000 --shape 1024x36000 --shape 4096x29500 --shape 4096x32768
  R h-$i-$b $b --algo auto --dtype f16 --shape 1024x32000 --shape 4096x32000
  R l-$i-$b $b --algo auto --log --dtype bf16 --shape 1024x32000
  R w-$i-$b $b --algo auto --dtype bf16,f32 --shape 1024x32000 --shape 4096x30000
  R f-$i-$b $b --algo auto --dtype f32 --shape 512x16000 --shape 1024x16000 --shape 2048x16000 --shape 4096x16384 --shape 1024x18000 --shape 4096x15000 --shape 1024x20000
  R n-$i-$b $b --algo auto --dtype f32,bf16 --shape 1024x16000 --shape 4096x16384
  t round $i
done
CP=(); C() { local tag=$1; shift; ( LD_LIBRARY_PATH=$S/stage-cr4 timeout $((560 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
for v in 'fwd f32->f32' 'fwd bf16->bf16' 'fwd f16->f16' 'fwd bf16->f32' 'fwd f32->bf16'; do n=$(echo "$v" | tr -c 'a-z0-9' '_')
  C c-cr4-$n $S/stage-cr4/smax_conformance --variant "$v"; done
wait; t conformance
cat $L/c-cr4-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5; n2++} /^exit /{n++; if ($2!=0) bad++} END{printf "cr4: %d passed, %d failed, %d skipped over %d runs (%d finished), %d nonzero exits\n", p, f, s, n, n2, bad}'
grep -h "FAIL" $L/c-*.txt | head -5
t end
