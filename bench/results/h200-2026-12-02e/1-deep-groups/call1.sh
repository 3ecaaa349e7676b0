#!/usr/bin/env bash
# call 1 (forty-third session, H200): forward rows of 4097-16384 f32 columns and 2049-16384 16-bit columns held in
# registers by the deep kernel in groups of 256 and 512 (Triton's way: the row in registers, one program a row),
# against main's on-chip rows. x43 = main 2e59865 + .dev/deep.diff (experiment only: SMAX_X_DEEP_ITEMS caps the
# deep kernel's group, SMAX_X_DEEP16 lets 16-bit pairs take it with 4 vectors of 8 a lane, SMAX_X_DEEP_ANYFILL drops
# the 7/8 fill rule). A B B A: a = main's plans (env unset), b = deep wherever it holds (512, 16-bit, any fill).
set -u
S=/tmp; tar xJf .dev/stage/x43.txz -C $S
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "x43 = $(cat .dev/commit) + deep.diff; $(date -u)"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
B=$S/stage-x43
(command -v cuobjdump && cuobjdump --dump-resource-usage $B/libsmax.so.0.2.0 | grep -A1 -E "regs_deep|fused_onchip" | grep -oE "Function [^:]*|REG:[0-9]+" | paste - - | grep -E "f32_f32|bf16_bf16") > $L/regs.txt 2>&1; head -20 $L/regs.txt
R() { local tag=$1; shift
  LD_LIBRARY_PATH=$B timeout 150 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 "$@" > $L/$tag.txt 2>&1
  echo "$tag: $(awk '/^[0-9]+x[0-9]+/{s=$1} s!="" && $1!~/^[0-9]/ && $1!="copy" && NF>6 {pl=""; for(i=3;i<=NF-5;i++) pl=pl" "$i; printf "%s %s %s (%s)|", s, $1, ($1=="auto"?$(NF-1):$NF), substr(pl,2)} / FAIL /{print "FAIL", $0}' $L/$tag.txt)"; grep -m2 -E "ERROR|error|[1-9][0-9]* FAILED" $L/$tag.txt; }
SH() { for s in "$@"; do printf -- "--shape %sx%s " $((33554432 / s)) $s; done; }
R warm --algo auto --dtype f32 --shape 64x128 > /dev/null
on() { export SMAX_X_DEEP_ITEMS=512 SMAX_X_DEEP16=1 SMAX_X_DEEP_ANYFILL=1; }
off() { unset SMAX_X_DEEP_ITEMS SMAX_X_DEEP16 SMAX_X_DEEP_ANYFILL; }
round() { local tag=$1; if [ "$2" = on ]; then on; else off; fi
  R $tag-f32 --algo auto --dtype f32 $(SH 4097 5000 6144 7000 7500 8192 10000 12288 14000 16384) --shape 1024x8192
  R $tag-f32log --log --algo auto --dtype f32 $(SH 6144 8192 16384)
  R $tag-bf16 --algo auto --dtype bf16 $(SH 2049 2500 3000 4096 5000 6144 8192 12288 16384) --shape 1024x8192
  R $tag-bf16log --log --algo auto --dtype bf16 $(SH 4096 8192)
  R $tag-f16 --algo auto --dtype f16 $(SH 4096 8192 16384)
  off; t $tag; }
round a1 off; round b1 on; round b2 on; round a2 off
P=/opt/torch/.venv/bin/python3
PB() { local tag=$1; shift; local d=$L/peers-$tag; mkdir -p $d
  PYTHONUNBUFFERED=1 timeout 100 $P bench/peer_bench.py --lib $B/libsmax.so --support $B/libsmax_testsupport.so \
    --commit "$(cat .dev/commit)+deep" --out $d --impl smax-auto,triton --reps 10 --budget 0.8 "$@" > $d/peers.txt 2>&1
  t "peers $tag: exit $?"; grep -E '^\[|^ *(copy|smax-auto|torch|triton) ' $d/peers.txt | awk '/^\[/{printf "\n%s: ", $2; next} {printf "%s %s; ", $1, ($1=="copy"?$4:$6)}'; echo; }
for r in a b; do [ $r = b ] && on
  PB $r-f32 --dtype f32 --shape 65536x4096 --shape 32768x8192 --shape 16384x16384
  PB $r-bf16 --dtype bf16 --shape 65536x4096 --shape 32768x8192 --shape 16384x16384
  off; done
# ncu: main's on-chip f32 8192 and bf16 8192 against the deep kernel (one launch each)
NC() { local tag=$1; shift; timeout 100 ncu --set full -k regex:smax_fused -c 1 -o $L/ncu-$tag env LD_LIBRARY_PATH=$B $B/smax-bench --no-overhead --quiet --reps 1 --max-seconds 0.01 "$@" > $L/ncu-$tag.txt 2>&1
  ncu --import $L/ncu-$tag.ncu-rep --page details --csv 2>/dev/null | grep -E '"(DRAM Throughput|Achieved Occupancy|Registers Per Thread|Duration|Executed Ipc Active|Issue Slots Busy|Block Size|Theoretical Occupancy)"' | awk -F'","' '{print "  " $(NF-2) " = " $NF}' | tr -d '"' | tr '\n' ';'; echo " [$tag]"; }
NC f32-onchip --algo auto --dtype f32 --shape 4096x8192
on; NC f32-deep --algo auto --dtype f32 --shape 4096x8192; NC bf16-deep --algo auto --dtype bf16 --shape 4096x8192; off
NC bf16-onchip --algo auto --dtype bf16 --shape 4096x8192
t end
