#!/usr/bin/env bash
# call 3 (2026-11-28, fourteenth session, H200): dab46a4 ("c2": rows written wider than read on-chip past 1024
# columns in 128-byte lanes of their wider side; rows off the vector grid halve their 128-byte lanes at <= 5/8 full).
# (a) ABBA, h2 (= c2 + SMAX_EXP_OFF=1, which plans as d2c8d7c) against c2's plans, at shapes call 2 did not measure;
# (b) conformance, forward variants: CUDA default and large tiers, HIP on NVIDIA and OpenCL on NVIDIA default tier;
# (c) compute-sanitizer memcheck and racecheck on forward shapes whose plans changed.
set -u
S=/tmp; for b in c2 h2 hipnv ocl; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit.c2) / $(cat .dev/commit.h2) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; compute-sanitizer --version | tail -1
R() { local tag=$1 e=$2; shift 2; local N=$S/stage-h2
  env $e LD_LIBRARY_PATH=$N timeout 40 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s; ", s, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
sh() { local c; for c in "$@"; do printf -- "--shape %dx%d " $(( (1 << 26) / c )) $c; done; }
i=0
for e in SMAX_EXP_OFF=1 X=0 X=0 SMAX_EXP_OFF=1; do i=$((i+1))
  R a$i-bf16-$e $e --dtype bf16 $(sh 8193 12289 16385 3001)
  R a$i-f16-$e $e --dtype f16 $(sh 2049 4097)
  R a$i-log-$e $e --log --dtype bf16 $(sh 2049 2500)
  R a$i-f32-$e $e --dtype f32 $(sh 3001 4097 4500)
  R a$i-bf16f32-$e $e --dtype bf16,f32 $(sh 1025 1100 1300 1536 2049 8193)
  R a$i-f16f32-$e $e --dtype f16,f32 $(sh 1025 1800)
  t a$i
done
SB="--shape 33x2049 --shape 65x4097 --shape 9x8193 --shape 5x16385 --shape 7x2500"
N=$S/stage-c2
for tool in memcheck racecheck; do
  for d in bf16 f32 bf16,f32 f16,f32; do
    ( LD_LIBRARY_PATH=$N timeout $((575 - SECONDS)) compute-sanitizer --tool $tool --error-exitcode 99 $N/smax-bench --no-overhead --quiet --reps 2 --batch-ms 0 \
        --max-seconds 0.001 --rotate-mb 0 --algo auto --dtype $d $SB --shape 17x1025 --shape 11x1536 > $L/san-$tool-$d.txt 2>&1; echo "exit $?" >> $L/san-$tool-$d.txt ) &
  done
done
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 12 ] && break; sleep 1; done; }
for b in c2 hipnv ocl; do
  N=$S/stage-$b
  V=$(OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep '^fwd')
  tiers=default; [ $b = c2 ] && tiers="default large"
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
for b in c2 hipnv ocl; do for tier in default large; do
  ls $L/c-$b-$tier-*.txt > /dev/null 2>&1 || continue
  cat $L/c-$b-$tier-*.txt | awk -v b="$b $tier fwd" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
head -3 $L/c-ocl-default-fwd_f32__f32_.txt; head -3 $L/c-hipnv-default-fwd_f32__f32_.txt
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -h 'ERROR SUMMARY\|RACECHECK SUMMARY' $f | tail -1) | $(tail -1 $f)"; done
t end
