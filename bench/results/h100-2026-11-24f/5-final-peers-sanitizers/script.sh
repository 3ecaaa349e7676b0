#!/usr/bin/env bash
# H100 call 5 (session 2026-11-24 19:45): main (see the commit line), the session's final kernels and
# plan. (1) torch and Triton beside smax auto (peer_bench.py): bf16 forward and gradient, f32 forward,
# at the widths the changes move and a few they must not; (2) conformance, default tier, every
# variant: CUDA, OpenCL on NVIDIA, HIP on NVIDIA, one process per variant and build; beside it
# compute-sanitizer (CUDA) over the shapes group: racecheck, synccheck and memcheck of the bf16
# gradient, racecheck and memcheck of the f32 and bf16 forward.
set -u
final=${OUT:-/tmp/out}; mkdir -p $final
logs=/tmp/logs; rm -rf $logs; mkdir -p $logs
trap 'tar czf $final/logs.tgz -C /tmp logs' EXIT
exec > $final/summary.txt 2>&1
start=$SECONDS
t() { echo "[$((SECONDS-start)) s] $*"; }
echo "main $(cat .dev/commit); $(date -u)"
S=$PWD/.dev/stage
N=$S/cuda
P="--shape 100000x333 --shape 30000x1001 --shape 16000x1025 --shape 12000x1365 --shape 8000x2049 --shape 4000x4097 --shape 3000x5000"
peer() { # tag args...
  local tag=$1; shift
  timeout 120 /opt/torch/.venv/bin/python3 bench/peer_bench.py --lib $N/libsmax.so.0 --support $N/libsmax_testsupport.so \
    --impl smax-auto,torch,triton "$@" $P --reps 7 --budget 0.4 --out $logs/peer-$tag > $logs/peer-$tag.txt 2>&1
  echo "peer $tag: exit $?"; grep -E "^[0-9]+x[0-9]+ " $logs/peer-$tag.txt | head -7
}
peer fwd-bf16 --dtype bf16
peer bwd-bf16 --dtype bf16 --backward
peer fwd-f32 --dtype f32
t "peers done"
san() { # tool variant tag
  ( LD_LIBRARY_PATH=$N timeout 330 compute-sanitizer --tool $1 --error-exitcode 99 \
    $N/smax_conformance --only shapes --variant "$2" > $logs/san-$3.txt 2>&1; echo "exit $?" >> $logs/san-$3.txt ) &
}
for tool in racecheck synccheck memcheck; do san $tool 'bwd y,dy:bf16 dx:bf16' $tool-bwd-bf16; done
for tool in racecheck memcheck; do san $tool 'fwd f32->f32' $tool-fwd-f32; san $tool 'fwd bf16->bf16' $tool-fwd-bf16; done
mkdir -p $logs/conf $logs/ocl $logs/hipnv
mapfile -t vs < <(LD_LIBRARY_PATH=$N $N/smax_conformance --help 2>&1 | sed -n 's/^variants: //p' | grep -o "'[^']*'" | tr -d "'")
i=0
for v in "${vs[@]}"; do
  f=$(printf %02d $i)
  ( LD_LIBRARY_PATH=$N timeout 330 $N/smax_conformance --variant "$v" > $logs/conf/$f.txt 2>&1; echo "exit $?" >> $logs/conf/$f.txt ) &
  ( LD_LIBRARY_PATH=$S/ocl timeout 330 $S/ocl/smax_conformance --variant "$v" > $logs/ocl/$f.txt 2>&1; echo "exit $?" >> $logs/ocl/$f.txt ) &
  ( LD_LIBRARY_PATH=$S/hipnv timeout 330 $S/hipnv/smax_conformance --variant "$v" > $logs/hipnv/$f.txt 2>&1; echo "exit $?" >> $logs/hipnv/$f.txt ) &
  i=$((i+1))
done
wait
sum() { cat "$@" | grep -E '^[0-9]+ passed, [0-9]+ failed' | awk '{p+=$1; f+=$3; s+=$5; n++} END {print n " logs: " p " passed, " f " failed, " s " skipped"}'; }
t "CUDA conformance: $(sum $logs/conf/*.txt)"
t "OpenCL on NVIDIA conformance: $(sum $logs/ocl/*.txt); $(grep -h '^device:' $logs/ocl/00.txt | cut -c1-80)"
t "HIP on NVIDIA conformance: $(sum $logs/hipnv/*.txt)"
grep -L "exit 0" $logs/conf/*.txt $logs/ocl/*.txt $logs/hipnv/*.txt | head
grep -h -m2 FAIL $logs/conf/*.txt $logs/ocl/*.txt $logs/hipnv/*.txt | head -10
for f in $logs/san-*.txt; do
  t "$(basename $f .txt): $(tail -1 $f): $(grep -E 'SUMMARY' $f | tail -1) $(grep -E '^[0-9]+ passed' $f | tail -1)"
done
t end
