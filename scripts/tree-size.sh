#!/usr/bin/env bash
# scripts/tree-size.sh: the tracked tree's size as the GPU machine's tool counts what a call carries.
# Counted as a tar archive would hold them (a 512-byte header a file, the content padded to 512): the device tool
# refused a carry that the files' bare bytes left room for, and let through one this count left room for.
set -eu
cd "$(git rev-parse --show-toplevel)"
bytes=$(git ls-files -z | xargs -0 stat -c %s 2>/dev/null | awk '{t += 512 + int(($1 + 511) / 512) * 512} END {print t}')
echo "tracked tree: $((bytes >> 20)) MiB (as a tar) of the 64 MiB a GPU call carries (builds and stages count too)"
