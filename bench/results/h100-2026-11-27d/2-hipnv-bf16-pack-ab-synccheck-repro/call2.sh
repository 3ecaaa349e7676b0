#!/usr/bin/env bash
# call 2 (2026-11-27, fourth session): (a) the synccheck repro closer to smax's failing launch (512 clusters of 16;
# mode 4 = cp.async of the chunk's head to on-chip memory + the exchange, 5 = 4 + a cluster barrier before exit);
# (b) HIP on NVIDIA: bf16 pairs by cvt.rn.bf16x2.f32 ("hippk", branch next-hipnv-bf16-pack) against main d94b203
# ("hipb"), ABBA, auto, bf16 both directions; (c) OpenCL on NVIDIA shuffles: the second half of call 1's ABBA
# (oclsh, then oclb); (d) conformance of hippk, all variants, default and large tiers, as time allows.
set -u
S=/tmp; for f in .dev/stage/*.tgz; do tar xzf $f -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
X=.dev/sync/repro
for cfg in "2 16 512 200" "4 16 8 200" "4 16 512 200" "5 16 512 200" "2 16 64 200 1024" "4 16 64 200 1024" "4 8 512 200"; do
  tag=$(echo $cfg | tr ' ' _)
  timeout 20 $X $cfg > $L/repro-plain-$tag.txt 2>&1; echo "exit $?" >> $L/repro-plain-$tag.txt
  timeout 60 compute-sanitizer --tool synccheck --error-exitcode 99 $X $cfg > $L/repro-sync-$tag.txt 2>&1; echo "exit $?" >> $L/repro-sync-$tag.txt
  echo "repro $cfg | plain: $(grep -h '^mode' $L/repro-plain-$tag.txt) $(tail -1 $L/repro-plain-$tag.txt) | synccheck: $(grep -h 'ERROR SUMMARY' $L/repro-sync-$tag.txt) $(grep -h '^mode' $L/repro-sync-$tag.txt) $(tail -1 $L/repro-sync-$tag.txt)"
done
t repro
SH="--shape 2097152x128 --shape 65536x4096 --shape 16384x16384 --shape 1024x262144 --shape 4096x128256 --shape 32x32000"
R() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  LD_LIBRARY_PATH=$N timeout 100 $N/smax-bench $SH --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  awk -v t="$tag" '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s %s %s %s\n", t, s, $2, $3" "$4" "$5" "$6, $(NF-1), $NF} /FAILED verification/ && $5!=0 {print t, "FAILED", $0}' $L/$tag.txt; }
i=0
for b in hipb hippk hippk hipb; do i=$((i+1))
  R h$i-bf16-$b $b --dtype bf16
  R h$i-bwd-bf16-$b $b --backward --dtype bf16
  t h$i
done
for b in oclsh oclb; do i=$((i+1))
  R o$i-f32-$b $b --dtype f32
  R o$i-bf16-$b $b --dtype bf16
  R o$i-bwd-f32-$b $b --backward --dtype f32
  t o$i
  [ $SECONDS -gt 400 ] && break
done
N=$S/stage-hippk
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
throttle() { while [ "$(jobs -rp | wc -l)" -ge 14 ]; do sleep 1; done; }
for tier in default large; do
  while IFS= read -r v; do
    throttle
    tag=c-$tier-$(echo "$v" | tr -c 'a-z0-9' '_'); o=""; [ $tier = large ] && o="--only large"
    ( LD_LIBRARY_PATH=$N timeout $((585 - SECONDS)) $N/smax_conformance $o --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) &
  done <<< "$V"
done
wait
for tier in default large; do for dir in fwd bwd; do
  cat $L/c-$tier-${dir}*.txt | awk -v b="hippk $tier $dir" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
t end
