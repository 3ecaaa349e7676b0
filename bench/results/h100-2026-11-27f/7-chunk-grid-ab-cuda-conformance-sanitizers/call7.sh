#!/usr/bin/env bash
# call 7 (2026-11-27, sixth session): branch next-chunk-grid ("grid": 9d2c13b + the one-launch chunks' inner edges moved onto
# the row's vector grid) against main 9d2c13b ("main"): (a) ABBA, CUDA, rows off the 16-byte grid and aligned controls;
# (b) OpenCL on NVIDIA AB at the same; (c) grid's CUDA conformance, all 18 variants, default and large tiers, beside
# compute-sanitizer's four tools on misaligned one-launch shapes (clusters of up to 8 groups, and the device-memory exchange).
set -u
S=/tmp; for f in .dev/stage/cuda.tgz .dev/stage/cuda-grid.tgz .dev/stage/ocl.tgz .dev/stage/ocl-grid.tgz; do tar xzf $f -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(cat .dev/commit) $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
R() { local tag=$1 b=$2; shift 2; local N=$S/stage-$b
  LD_LIBRARY_PATH=$N timeout 100 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s:%s_%s_%s %s; ", s, $3, $4, $5, $(NF-1)} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
BW="--shape 8192x50257 --shape 1335x50257 --shape 1335x50256 --shape 512x65535 --shape 256x262143 --shape 256x1048575 --shape 1024x65536"
FW="--shape 8192x50257 --shape 256x262143 --shape 512x131071 --shape 256x1048575 --shape 256x262144"
i=0
for b in main grid grid main; do i=$((i+1)); C=cuda; [ $b = grid ] && C=cuda-grid
  R a$i-bwd-f32-$b $C --backward --dtype f32 $BW
  R a$i-bwd-bf16-$b $C --backward --dtype bf16 --shape 8192x50257 --shape 2048x50257 --shape 512x131071
  R a$i-fwd-f32-$b $C --dtype f32 $FW
  R a$i-fwd-bf16-$b $C --dtype bf16 --shape 8192x50257 --shape 512x131071 --shape 1024x262143
  t a$i
done
for b in main grid; do O=ocl; [ $b = grid ] && O=ocl-grid
  OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA R o-bwd-f32-$b $O --backward --dtype f32 --shape 8192x50257 --shape 512x65535 --shape 256x262143
  OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA R o-fwd-bf16-$b $O --dtype bf16 --shape 8192x50257 --shape 512x131071
done
t ab
N=$S/stage-cuda-grid
SB="--shape 4x50257 --shape 3x65535 --shape 2x200001 --shape 2x1048573 --shape 8x20001"
for tool in memcheck racecheck initcheck synccheck; do for d in f32 bf16; do for dir in "" --backward; do
  ( LD_LIBRARY_PATH=$N timeout 300 compute-sanitizer --tool $tool --error-exitcode 99 $N/smax-bench --no-overhead --quiet --reps 2 --batch-ms 0 \
      --max-seconds 0.001 --rotate-mb 0 --algo auto $dir --dtype $d $SB > $L/san-$tool-$d$dir.txt 2>&1; echo "exit $?" >> $L/san-$tool-$d$dir.txt ) &
done; done; done
V=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 14 ] && break; sleep 1; done; }
for tier in default large; do
  while IFS= read -r v; do
    throttle
    tag=c-$tier-$(echo "$v" | tr -c 'a-z0-9' '_'); o=""; [ $tier = large ] && o="--only large"
    ( LD_LIBRARY_PATH=$N timeout $((585 - SECONDS)) $N/smax_conformance $o --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!)
  done <<< "$V"
done
wait
for tier in default large; do for dir in fwd bwd; do
  cat $L/c-$tier-${dir}*.txt | awk -v b="cuda-grid $tier $dir" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -h 'ERROR SUMMARY\|RACECHECK SUMMARY' $f | tail -1) | $(grep -h 'runs:' $f | tail -1) | $(tail -1 $f)"; done
t end
