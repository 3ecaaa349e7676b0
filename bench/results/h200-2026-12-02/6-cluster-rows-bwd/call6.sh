#!/usr/bin/env bash
# call 6 (thirty-ninth session): the rule of 9ca5a34 (rows with a 16-bit side that leave 3 groups a unit as clusters
# where memory outpaces the H100's, at 3 rows a unit or more) for the gradient too (cb = HEAD + x-cluster-rows-bwd)
# against cud (82cd1f0's library: the gradient's plans are main's), A B B A, CUDA sm_90; cb's conformance of the
# gradient variants it touches.
set -u
S=/tmp; for b in cud cb; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "cud = 82cd1f0; cb = $(cat .dev/commit) + x-cluster-rows-bwd; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local B=$S/stage-$b
  LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 7 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s (%s)|", s, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
for b in cud cb; do R warm-$b $b --algo auto --backward --dtype bf16 --shape 1024x16384 > /dev/null; done; t warm
for b in cud cb cb cud; do i=$((${i:-0}+1))
  R g-$i-$b $b --algo auto --backward --dtype bf16 --shape 512x16384 --shape 1024x16384 --shape 2048x16384 --shape 4096x16384 --shape 8192x16384 --shape 1024x15000 --shape 1024x18000
  R h-$i-$b $b --algo auto --backward --dtype f16 --shape 1024x16384
  R l-$i-$b $b --algo auto --backward --log --dtype bf16 --shape 1024x16384
  R w-$i-$b $b --algo auto --backward --dtype bf16,f32 --shape 1024x16384 --shape 4096x16384
  R n-$i-$b $b --algo auto --backward --dtype f32,bf16 --shape 1024x8192 --shape 4096x9000
  R f-$i-$b $b --algo auto --backward --dtype f32 --shape 1024x8192
  t round $i
done
CP=(); C() { local tag=$1; shift; ( LD_LIBRARY_PATH=$S/stage-cb timeout $((560 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
for v in 'bwd y,dy:bf16 dx:bf16' 'bwd y,dy:f16 dx:f16' 'bwd y,dy:bf16 dx:f32' 'bwd y,dy:f32 dx:bf16'; do n=$(echo "$v" | tr -c 'a-z0-9' '_')
  C c-cb-$n $S/stage-cb/smax_conformance --variant "$v"; done
wait; t conformance
cat $L/c-cb-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5; n2++} /^exit /{n++; if ($2!=0) bad++} END{printf "cb: %d passed, %d failed, %d skipped over %d runs (%d finished), %d nonzero exits\n", p, f, s, n, n2, bad}'
grep -h "FAIL" $L/c-*.txt | head -5
t end
