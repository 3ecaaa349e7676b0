#!/usr/bin/env bash
# call 2 (twenty-sixth session, H200): the overlaid forward tiles of two 16-bit sides, two tiles a group, the next in
# flight while the group computes this one, as many groups as the device holds (p26.diff). m26 = main 140f1ac; p26 knobs:
# SMAX_DEV_OVERLAY=0 plans main's one-tile kernel (with the round barrier), SMAX_DEV_TILE_GRID=1 one group a tile
# (no loop), SMAX_DEV_TILE_WIDE=1 16-bit forward rows past 256 columns as tiles. A B C D D C B A, smax-bench auto, 2^25
# elements a shape; OpenCL on NVIDIA (ocl26 = p26's tree); p26's CUDA and OpenCL-on-NVIDIA conformance (forward
# variants), compute-sanitizer at tile shapes.
set -u
S=/tmp; for b in m26 p26 ocl26; do tar xJf .dev/stage/$b.txz -C $S; done
mkdir -p /tmp/ocl-vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/ocl-vendors/nvidia.icd
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "m26 / p26 (sm_90 builds) $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
cuobjdump --dump-resource-usage $S/stage-p26/libsmax.so.0.2.0 2>&1 | grep -A1 "fused_tile_bf16_bf16\|fused_tile_f16_f16" | grep -v bwd | head -8
R() { local tag=$1 b=$2 e=$3; shift 3
  [ $SECONDS -gt 300 ] && { echo "$tag skipped (time)"; return; }
  env $e OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$S/stage-$b timeout 60 $S/stage-$b/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="copy"||$2=="copy"{c=$(NF-2)} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s/%s %s (%s)|", s, $(NF-2), c, $NF, substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
V=("m26 X=0" "p26 SMAX_DEV_OVERLAY=0" "p26 SMAX_DEV_TILE_GRID=1" "p26 X=0")
ABBA() { local k=$1 w=$2; shift 2; i=0; for j in 0 1 2 3 3 2 1 0; do i=$((i+1)); R $k-$i-$j ${V[$j]% *} "${V[$j]#* } $w" "$@"; done; t $k; }
ABBA t X=0 --dtype bf16 $(SH 100 145 181 229) --shape 16384x145 --shape 2000000x33
ABBA w SMAX_DEV_TILE_WIDE=1 --dtype bf16 $(SH 287 363 457 575)
ABBA m X=0 --dtype f16 $(SH 145) --log --dtype bf16 $(SH 145 229) --dtype bf16,f16 $(SH 181)
V=("ocl26 SMAX_DEV_OVERLAY=0" "ocl26 X=0")
for j in 0 1 1 0; do R o-$j ${V[$j]% *} "${V[$j]#* }" --dtype bf16 $(SH 100 145 229) --dtype f16 $(SH 181); done; t ocl
N=$S/stage-p26
VV=$(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n "s/^variants: //p" | grep -oE "'[^']+'" | tr -d "'" | grep -v bwd)
CP=(); throttle() { while :; do local n=0; for p in "${CP[@]}"; do kill -0 $p 2>/dev/null && n=$((n+1)); done; [ $n -lt 16 ] && break; sleep 1; done; }
C() { local b=$1 tag=$2; shift 2; local M=$S/stage-$b; throttle
  ( SMAX_DEV_TILE_WIDE=1 OCL_ICD_VENDORS=/tmp/ocl-vendors SMAX_OPENCL_DEVICE=NVIDIA LD_LIBRARY_PATH=$M timeout $((585 - SECONDS)) "$@" > $L/$tag.txt 2>&1; echo "exit $?" >> $L/$tag.txt ) & CP+=($!); }
SF="--shape 1000x100 --shape 1000x145 --shape 999x229 --shape 1000x457 --shape 7x145 --shape 333x1149 --shape 17x9 --shape 3000x33 --shape 5x3 --shape 120000x100 --shape 300000x9"
for tool in racecheck synccheck memcheck; do for a in "--dtype bf16" "--log --dtype f16"; do
  C p26 san-$tool-$(echo "$a" | tr -c 'a-z0-9' '_') compute-sanitizer --tool $tool $N/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 --rotate-mb 0 --algo auto $a $SF; done; done
while IFS= read -r v; do C p26 c-cuda-$(echo "$v" | tr -c 'a-z0-9' '_') $N/smax_conformance --variant "$v"; done <<< "$VV"
while IFS= read -r v; do C ocl26 c-ocl-$(echo "$v" | tr -c 'a-z0-9' '_') $S/stage-ocl26/smax_conformance --variant "$v"; done <<< "$VV"
t "queued"; wait; t "all done"
for b in cuda ocl; do cat $L/c-$b-*.txt 2>/dev/null | awk -v b=$b '/^[0-9]+ passed, [0-9]+ failed/{p+=$1; f+=$3; s+=$5} /^exit /{n++; if ($2!=0) bad++} END{printf "%s conformance fwd (TILE_WIDE): %d passed, %d failed, %d skipped over %d variants, %d nonzero exits\n", b, p, f, s, n, bad}'; done
grep -l '^exit [^0]' $L/c-*.txt; grep -h "FAIL" $L/c-*.txt | head -10
for f in $L/san-*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) | $(grep -c ' ok ' $f) ok | $(tail -1 $f)"; done
t end
