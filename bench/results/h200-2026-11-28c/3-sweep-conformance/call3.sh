#!/usr/bin/env bash
# call 3 (2026-11-28, thirteenth session, H200): candidate "c3" (fold + f16 exchange at 40 registers + 16-bit forward
# on-chip lanes of 64 elements, a group a row from 128 lanes): (a) fd / c3 / c3 / fd over a sweep of 16-bit columns
# at fixed bytes; (b) conformance, forward variants: CUDA default and large tiers, HIP on NVIDIA and OpenCL on NVIDIA
# default tier; (c) compute-sanitizer's four tools on 16-bit forward shapes of every changed kernel.
set -u
S=/tmp; for b in fd c3 hipnv ocl; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; compute-sanitizer --version | tail -1
R() { local N=$S/stage-$1 tag=$2; shift 2
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s; ", s, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
SW="--shape 131008x2049 --shape 107374x2500 --shape 89478x3000 --shape 76695x3500 --shape 65536x4096 --shape 53687x5000 --shape 43690x6144 --shape 38347x7000 --shape 32768x8192 --shape 29826x9000 --shape 21845x12288 --shape 16384x16384"
i=0
for b in fd c3 c3 fd; do i=$((i+1))
  R $b s$i-bf16-$b --dtype bf16 $SW
  R $b s$i-f16-$b --dtype f16 --shape 89478x3000 --shape 53687x5000 --shape 32768x8192 --shape 256x1048576
  R $b s$i-log-$b --log --dtype bf16 --shape 43690x6144 --shape 65536x4096
  t s$i
done
SB="--shape 33x3000 --shape 65x5000 --shape 9x8192 --shape 5x4096 --shape 4x65535 --shape 2x200001 --shape 4x262144 --shape 3x128256 --shape 3x1048576"
N=$S/stage-c3
for tool in memcheck racecheck initcheck synccheck; do
  ( LD_LIBRARY_PATH=$N timeout $((575 - SECONDS)) compute-sanitizer --tool $tool --error-exitcode 99 $N/smax_conformance --only special \
      --variant 'fwd bf16->bf16+fwd f16->f16' > $L/san-$tool-special.txt 2>&1; echo "exit $?" >> $L/san-$tool-special.txt ) &
  for d in bf16 f16 f16,bf16; do
    ( LD_LIBRARY_PATH=$N timeout $((575 - SECONDS)) compute-sanitizer --tool $tool --error-exitcode 99 $N/smax-bench --no-overhead --quiet --reps 2 --batch-ms 0 \
        --max-seconds 0.001 --rotate-mb 0 --algo auto --dtype $d $SB > $L/san-$tool-$d.txt 2>&1; echo "exit $?" >> $L/san-$tool-$d.txt ) &
  done
done
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 12 ] && break; sleep 1; done; }
for b in c3 hipnv ocl; do
  N=$S/stage-$b
  V=$(OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^fwd')
  tiers=default; [ $b = c3 ] && tiers="default large"
  for tier in $tiers; do
    while IFS= read -r v; do
      throttle
      tag=c-$b-$tier-$(echo "$v" | tr -c 'a-z0-9' '_'); o=""; [ $tier = large ] && o="--only large"
      ( OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$N timeout $((580 - SECONDS)) $N/smax_conformance $o --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!)
    done <<< "$V"
  done
  t "queued $b"
done
wait
for b in c3 hipnv ocl; do for tier in default large; do
  ls $L/c-$b-$tier-*.txt > /dev/null 2>&1 || continue
  cat $L/c-$b-$tier-*.txt | awk -v b="$b $tier fwd" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
head -3 $L/c-ocl-default-fwd_f32__f32_.txt; head -3 $L/c-hipnv-default-fwd_f32__f32_.txt
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -h 'ERROR SUMMARY\|RACECHECK SUMMARY' $f | tail -1) | $(grep -h 'runs:\|passed,' $f | tail -1) | $(tail -1 $f)"; done
t end
