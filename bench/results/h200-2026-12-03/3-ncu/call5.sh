#!/usr/bin/env bash
# call 5 (forty-fourth session, H200, the machine still warm from call 4; run as one command line): x44's lagged
# kernels at the least lags, a row's chunks and 1 or 2 groups a compute unit more (SMAX_X_LAG_UNIT 0, 1, 2).
S=/tmp; B=$S/stage-x44; [ -d $B ] || tar xJf .dev/stage/x44.txz -C $S; for u in 0 1 2; do for d in "" "--backward"; do echo "== u$u $d"; SMAX_X_LAGGED=1 SMAX_X_LAG_UNIT=$u LD_LIBRARY_PATH=$B timeout 60 $B/smax-bench --no-overhead --quiet --reps 5 --max-seconds 0.1 --algo auto --dtype f32 $d --shape 256x1048576 --shape 1024x262144 2>&1 | grep -E "auto|FAIL"; done; done 2>&1 | tee $OUT/summary.txt
