#!/usr/bin/env bash
# call 6 (twenty-seventh session, H200): HIP on NVIDIA (hip29) and OpenCL on NVIDIA (ocl29) of the change as committed,
# against main's (hip26h: 7d35016's tree, the same kernels and plans as c51a8d7; ocl26m: 140f1ac, whose OpenCL plans
# and kernels c51a8d7 keeps): A B B A at tile shapes; then both backends' conformance, default tier, every variant.
set -u
S=/tmp; for b in hip26h hip29 ocl26m ocl29; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "hip26h / hip29, ocl26m / ocl29 $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
R() { local tag=$1 b=$2 e=$3; shift 3
  [ $SECONDS -gt 200 ] && { echo "$tag skipped (time)"; return; }
  env $e LD_LIBRARY_PATH=$S/stage-$b timeout 90 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s/%s %s (%s)|", s, $(NF-2), c, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
ABBA() { local k=$1; shift; i=0; for j in 0 1 1 0; do i=$((i+1)); R $k-$i-$j ${V[$j]% *} "${V[$j]#* }" "$@"; done; t $k; }
V=("hip26h X=0" "hip29 X=0")
ABBA hip --dtype bf16 $(SH 100 145 229 363 457)
ABBA hipg --backward --dtype bf16 $(SH 145 457 725)
V=("ocl26m X=0" "ocl29 X=0")
ABBA ocl --dtype f16 $(SH 100 145 229 363 575 1149)
ABBA oclg --backward --dtype f16 $(SH 145 457 725)
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( LD_LIBRARY_PATH=$M timeout $((560 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
for b in hip29 ocl29; do M=$S/stage-$b
  VV=$(LD_LIBRARY_PATH=$M $M/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'")
  while IFS= read -r v; do C $b c-$b-$(echo "$v" | tr -c 'a-z0-9' '_') $M/smax_conformance --variant "$v"; done <<< "$VV"
  t "queued $b"; done
wait; t "all done"
for b in hip29 ocl29; do for d in fwd bwd; do
  cat $L/c-$b-${d}_*.txt 2>/dev/null | awk -v b="$b default $d" '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s: %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'
done; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
t end
