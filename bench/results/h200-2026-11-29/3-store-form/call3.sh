#!/usr/bin/env bash
# call 3 (2026-11-29, sixteenth session, H200): the register kernels' store form.
# f1 = 0f4419f; c1 = call 2's c1 (lifted exponentials, softmax output as one multiply, row slot by shifts; nvcc
# stores one of the two vectors of a bf16 lane as four 4-byte stores, the other as one 16-byte store: f1 splits
# vector 0, c1 vector 1); s1 = c1 + every whole vector of the register kernels stored as four 4-byte stores (asm,
# back to back); s2 = c1 + as two 8-byte stores. (a) smax-bench auto, % of copy, f1 c1 s1 s2 s2 s1 c1 f1;
# (b) ncu with the L2's throughput breakdown and its read and write requests and sectors.
set -u
S=/tmp; for b in f1 s1 s2; do tar xJf .dev/stage/$b.txz -C $S; done
L=$OUT/logs; mkdir -p $L
trap 'cd $OUT && tar czf logs.tgz logs && rm -rf logs' EXIT
exec > $OUT/summary.txt 2>&1
t0=$SECONDS; t() { echo "[$((SECONDS-t0)) s] $*"; }
echo "f1=0f4419f c1 s1 s2 $(date -u)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
R() { local b=$1 tag=$2; shift 2; local N=$S/stage-$b
  [ $SECONDS -gt 330 ] && { echo "$tag skipped (time)"; return; }
  LD_LIBRARY_PATH=$N timeout 60 $N/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto "$@" > $L/$tag.txt 2>&1
  echo "$tag $(awk '/^[0-9]+x[0-9]+/{s=$1} $1=="auto"{printf "%s %s %s; ", s, $4, $NF} /FAILED verification/ && $5!=0 {print "FAILED", $0}' $L/$tag.txt)"; }
sh() { local c; for c in "$@"; do printf -- "--shape %dx%d " $(( (1 << 26) / c )) $c; done; }
i=0
for b in f1 s1 s2 s2 s1 f1 s1 s2; do i=$((i+1))
  R $b a$i-$b-bf16 --dtype bf16 $(sh 128 256 512 1024 1000 100)
  R $b a$i-$b-f16 --dtype f16 $(sh 128 1024)
  R $b a$i-$b-bf16log --log --dtype bf16 $(sh 128)
  R $b a$i-$b-f32 --dtype f32 $(sh 128 512 2048)
  R $b a$i-$b-f32bf16 --dtype f32,bf16 $(sh 128 1024)
  R $b a$i-$b-bwdbf16 --backward --dtype bf16 $(sh 128 1024)
  R $b a$i-$b-bwdf32 --backward --dtype f32 $(sh 128 1024)
  t a$i
done
M='breakdown:lts__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_requests_srcunit_tex_op_write.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_requests_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read.sum,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active'
SEC="--section SpeedOfLight"
for b in f1 s1 s2; do N=$S/stage-$b
  for d in bf16 f32; do [ $d = f32 ] && [ $b = s2 ] && continue
    LD_LIBRARY_PATH=$N timeout 40 ncu --clock-control none --kernel-name regex:smax_ --launch-skip 2 --launch-count 1 $SEC --metrics "$M" \
      $N/smax-bench --no-overhead --quiet --reps 3 --max-seconds 0.05 --algo auto --dtype $d --shape 524288x128 > $L/ncu-$b-$d.txt 2>&1
    echo "ncu-$b-$d: $(grep -E 'DRAM Throughput|Duration|L2 Cache Throughput|lts__|inst_executed|issue_active' $L/ncu-$b-$d.txt | awk '$NF+0 >= 5 || /lts__t_(req|sec)|Duration|inst/' | tr -s ' ' | tr '\n' ';')"
  done
done
t end
