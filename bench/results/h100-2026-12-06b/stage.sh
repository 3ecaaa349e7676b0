#!/usr/bin/env bash
# stage.sh NAME BUILD_DIR [extra files...]: the library, bench and conformance binaries as .dev/stage/NAME.txz
set -e
N=$1; B=$2; shift 2
D=/tmp/stage-$N; rm -rf $D; mkdir -p $D
cp -a $B/libsmax*.so* $D/ 2>/dev/null || cp -a $(find $B -maxdepth 2 -name 'libsmax*.so*') $D/
for p in $B/bench/smax-bench $B/tests/smax_conformance; do [ -f $p ] && cp $p $D/; done
for f in "$@"; do cp $f $D/; done
strip -s $D/smax-bench $D/smax_conformance 2>/dev/null || true
tar cJf /work/main/.dev/stage/$N.txz -C /tmp stage-$N
ls -la /work/main/.dev/stage/$N.txz; ls $D
