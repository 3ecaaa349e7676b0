#!/usr/bin/env bash
# call 1 (2026-11-27, fourth session): (a) the synccheck question: a minimal cluster kernel (.dev/sync/repro.cu)
# in the modes of smax_cluster.h (0 nothing, 1 cluster barrier, 2 + mbarrier and st.async pushes, 3 + a cluster
# barrier before exit), under synccheck and plain; (b) OpenCL on NVIDIA: warp shuffles through PTX ("oclsh",
# branch next-ocl-nv-shuffle) against main d94b203 ("oclb"), ABBA, auto, bench/shapes/backend.txt, f32 and bf16
# both directions; (c) conformance of oclsh, all variants, default and large tiers, as time allows.
set -u
S=/tmp; for f in .dev/stage/*.tgz; do tar xzf $f -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; compute-sanitizer --version | tail -1
X=.dev/sync/repro
for cfg in "0 16 8 200" "1 16 8 200" "2 16 8 200" "3 16 8 200" "2 16 4 200" "2 16 5 200" "2 8 16 200" "2 16 8 0" "2 16 8 200 1024" "0 16 8 0" "0 8 16 0" "2 14 8 200" "3 14 8 200"; do
  tag=$(echo $cfg | tr ' ' _)
  timeout 20 $X $cfg > $L/repro-plain-$tag.txt 2>&1; echo "exit $?" >> $L/repro-plain-$tag.txt
  timeout 40 compute-sanitizer --tool synccheck --error-exitcode 99 $X $cfg > $L/repro-sync-$tag.txt 2>&1; echo "exit $?" >> $L/repro-sync-$tag.txt
  echo "repro $cfg | plain: $(grep -h '^mode' $L/repro-plain-$tag.txt) $(tail -1 $L/repro-plain-$tag.txt) | synccheck: $(grep -h 'ERROR SUMMARY' $L/repro-sync-$tag.txt) $(grep -h -m1 -i 'illegal\|Invalid\|Barrier' $L/repro-sync-$tag.txt) $(tail -1 $L/repro-sync-$tag.txt)"
done
t repro
R() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  LD_LIBRARY_PATH=$N timeout 100 $N/smax-bench --shapes bench/shapes/backend.txt --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  awk -v t="$tag" '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s %s %s %s\n", t, s, $2, $3" "$4" "$5" "$6, $(NF-1), $NF} /FAILED verification/ && $5!=0 {print t, "FAILED", $0}' $L/$tag.txt; }
i=0
for b in oclb oclsh oclsh oclb; do i=$((i+1))
  R a$i-f32-$b $b --dtype f32
  R a$i-bf16-$b $b --dtype bf16
  R a$i-bwd-f32-$b $b --backward --dtype f32
  R a$i-bwd-bf16-$b $b --backward --dtype bf16
  t a$i
  [ $SECONDS -gt 330 ] && break
done
N=$S/stage-oclsh
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
throttle() { while [ "$(jobs -rp | wc -l)" -ge 14 ]; do sleep 1; done; }
for tier in default large; do
  while IFS= read -r v; do
    throttle
    tag=c-$tier-$(echo "$v" | tr -c 'a-z0-9' '_'); o=""; [ $tier = large ] && o="--only large"
    ( LD_LIBRARY_PATH=$N timeout $((580 - SECONDS)) $N/smax_conformance $o --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) &
  done <<< "$V"
done
wait
for tier in default large; do for dir in fwd bwd; do
  cat $L/c-$tier-${dir}*.txt | awk -v b="oclsh $tier $dir" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
t end
