#!/usr/bin/env bash
# call 5 (2026-11-28, fourteenth session, H200): 884bc3b ("c3": dab46a4 + the on-chip fused kernels fetch an item's
# first element off the vector grid ahead of its vectors). (a) ABBA over rows off the vector grid: c2 (dab46a4),
# c3, and h3 (= c3 + SMAX_EXP_NOHALVE=1: no halving of 128-byte lanes) — does the halving still pay with the fetch ahead?
# (b) conformance default tier, forward and gradient variants: CUDA, HIP on NVIDIA, OpenCL on NVIDIA (c3's kernels);
# (c) compute-sanitizer memcheck and racecheck on rows off the grid, forward and gradient.
set -u
S=/tmp; for b in c2 c3 h3 hipnv3 ocl3; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "c2=dab46a4 c3=884bc3b h3=884bc3b+SMAX_EXP_NOHALVE hook $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
R() { local b=$1 tag=$2 e=$3; shift 3; local N=$S/stage-$b
  env $e LD_LIBRARY_PATH=$N timeout 40 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s; ", s, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
sh() { local c; for c in "$@"; do printf -- "--shape %dx%d " $(( (1 << 26) / c )) $c; done; }
i=0
for be in c2:X=0 c3:X=0 h3:SMAX_EXP_NOHALVE=1 h3:SMAX_EXP_NOHALVE=1 c3:X=0 c2:X=0; do i=$((i+1)); b=${be%%:*}; e=${be#*:}
  R $b a$i-$b-bf16-$e $e --dtype bf16 $(sh 2049 2601 4097)
  R $b a$i-$b-f32-$e $e --dtype f32 $(sh 2049 4097)
  R $b a$i-$b-bf16f32-$e $e --dtype bf16,f32 $(sh 1300)
  R $b a$i-$b-bwd-$e $e --backward --dtype bf16 $(sh 4097 16385)
  R $b a$i-$b-bwdf32-$e $e --backward --dtype f32 $(sh 4097)
  t a$i
done
SB="--shape 33x2049 --shape 65x4097 --shape 9x8193 --shape 5x16385 --shape 7x2601 --shape 17x1300"
N=$S/stage-c3
for tool in memcheck racecheck; do
  for d in "--dtype bf16" "--dtype f32" "--dtype bf16,f32" "--backward --dtype bf16" "--backward --dtype f32"; do
    tg=$(echo "$d" | tr -c 'a-z0-9' '_')
    ( LD_LIBRARY_PATH=$N timeout $((430 - SECONDS)) compute-sanitizer --tool $tool --error-exitcode 99 $N/smax-bench --no-overhead --quiet --reps 2 --batch-ms 0 \
        --max-seconds 0.001 --rotate-mb 0 --algo auto $d $SB > $L/san-$tool-$tg.txt 2>&1; echo "exit $?" >> $L/san-$tool-$tg.txt ) &
  done
done
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 13 ] && break; sleep 1; done; }
for b in c3 hipnv3 ocl3; do
  N=$S/stage-$b
  V=$(OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
  while IFS= read -r v; do
    throttle
    tag=c-$b-$(echo "$v" | tr -c 'a-z0-9' '_')
    ( OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$N timeout $((435 - SECONDS)) $N/smax_conformance --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!)
  done <<< "$V"
  t "queued $b"
done
wait
for b in c3 hipnv3 ocl3; do for d in fwd bwd; do
  cat $L/c-$b-${d}_*.txt | awk -v b="$b default $d" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -h 'ERROR SUMMARY\|RACECHECK SUMMARY' $f | tail -1) | $(tail -1 $f)"; done
t end
