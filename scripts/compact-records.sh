#!/usr/bin/env bash
# scripts/compact-records.sh: the records' gzip archives (bench/results/**/*.tgz)
# recompressed as xz (NAME.tar.xz, about 30% fewer bytes; the same tar inside),
# staged with git, and the Markdown that names them pointed at the new names.
# Why: every call to the GPU machine carries the whole tracked tree, which may
# not pass 64 MiB with the builds it needs; the raw logs are most of the tree.
# The call scripts (*.sh) keep naming the .tgz they wrote: they are the commands
# as they ran. Run from anywhere in the checkout, then commit.
set -eu
cd "$(git rev-parse --show-toplevel)"
n=0
while IFS= read -r -d '' f; do
  out=${f%.tgz}.tar.xz
  gzip -dc "$f" | xz -9 -T0 > "$out.part"
  mv "$out.part" "$out"
  git rm -q -f -- "$f"  # -f: a record added but not yet committed is staged
  git add -- "$out"
  n=$((n + 1))
done < <(git ls-files -z -- 'bench/results/*.tgz')
# A name ending in .tgz (logs.tgz, call2/logs.tgz, ncu-call2.tgz) in the
# records' own Markdown, which names their archives; a bare `.tgz` (a staging
# format) is left, and so is Markdown elsewhere (bench/README.md names the
# .tgz a call writes).
git ls-files -z -- 'bench/results/*.md' | xargs -0 grep -lZ -E '[A-Za-z0-9_-]\.tgz' |
  xargs -0 -r sed -i -E 's/([A-Za-z0-9_-])\.tgz/\1.tar.xz/g'
echo "recompressed $n archives"
bash scripts/tree-size.sh
