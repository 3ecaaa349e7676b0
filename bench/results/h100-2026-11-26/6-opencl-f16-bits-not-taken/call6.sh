#!/usr/bin/env bash
# call 6 (H100): OpenCL f16 from its bits by integer operations (ocl3 = 5057d78 + dialect change) against
# 5057d78 (ocl2): the PTX of the f16 pair, an ABBA A/B, then ocl3's default-tier conformance and, with the
# time left, its large tier.
set -u
cd .dev; S=/tmp; for f in stage/*.tgz; do tar xzf $f -C $S; done; cd ..
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "$(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new; do
  timeout 60 .dev/probe/ptxdump-$v "-DSMAX_IN_DTYPE=1 -DSMAX_OUT_DTYPE=1" $L/f16-$v.ptx
  echo "$v: ld.local $(grep -c 'ld.local' $L/f16-$v.ptx) st.local $(grep -c 'st.local' $L/f16-$v.ptx) cvt.f32.f16 $(grep -c 'cvt.f32.f16' $L/f16-$v.ptx) lines $(wc -l < $L/f16-$v.ptx)"
done
t "ptx"
bench() { local b=$1 tag=$2; shift 2; LD_LIBRARY_PATH=$S/stage-$b timeout 40 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt; }
X="--shape 16384x4096 --shape 4096x16384 --shape 1024x65536 --shape 256x262144 --shape 32x32000"
i=0
for b in ocl2 ocl3 ocl3 ocl2; do
  i=$((i+1))
  bench $b ab-f16-$i-$b --dtype f16 $X
  bench $b ab-f16bwd-$i-$b --dtype f16 --backward --shape 16384x4096 --shape 1024x65536
  bench $b ab-bf16-$i-$b --dtype bf16 --shape 16384x4096 --shape 1024x65536
done
t "A/B"
for f in $L/ab-*; do printf "%-28s" $(basename $f .txt); awk '/^[0-9]+x[0-9]+/{s=$1} /^ +auto/{printf " %s:%s(%s)", s, $NF, $2}' $f; echo; done | sort
left=$((400 - SECONDS)); t "conformance with ${left} s"
V=$(LD_LIBRARY_PATH=$S/stage-ocl3 $S/stage-ocl3/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
while IFS= read -r v; do
  tag=conf-ocl3-$(echo "$v" | tr -c 'a-z0-9' '_')
  ( LD_LIBRARY_PATH=$S/stage-ocl3 timeout $left $S/stage-ocl3/smax_conformance --variant "$v" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) &
done <<< "$V"
wait
t "conformance"
cat $L/conf-ocl3-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "ocl3: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
grep -l '^exit [^0]' $L/conf-*.txt
grep -h "FAIL" $L/conf-*.txt | head -10
left=$((545 - SECONDS)); t "large tier with ${left} s"
i=0
while IFS= read -r v; do
  i=$((i+1))
  ( LD_LIBRARY_PATH=$S/stage-ocl3 timeout $left $S/stage-ocl3/smax_conformance --only large --variant "$v" > $L/large-$i.txt 2>&1; echo "exit $?" >> $L/large-$i.txt ) &
  [ $((i % 9)) -eq 0 ] && wait
done <<< "$V"
wait
cat $L/large-*.txt | awk '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "ocl3 large: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", p, f, s, n, bad}'
t end
