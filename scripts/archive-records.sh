#!/usr/bin/env bash
# scripts/archive-records.sh BEFORE      e.g. 2026-12-01
# scripts/archive-records.sh --restore PATH...
#
# Takes the raw-log archives (*.tar.xz, *.gz) of the records under bench/results/ whose folder is dated before
# BEFORE (h100-2026-11-27g is 2026-11-27) out of the working tree, and lists each in bench/results/ARCHIVED.md
# with the commit that still holds it. Nothing leaves the repository: `--restore PATH` writes a listed archive
# back from that commit. The records' text (README.md, summaries, tables, scripts, plots) stays in the tree.
#
# Why: every call to the GPU machine carries the whole tracked tree, and a call fails past 64 MiB with the builds
# it runs; the raw logs are half the tree and are read only to re-check an old figure.
# Run from anywhere in the checkout, then commit (the commit named in ARCHIVED.md is HEAD when this ran: commit
# any archive you add before running it).
set -eu
cd "$(git rev-parse --show-toplevel)"
list=bench/results/ARCHIVED.md
usage() { echo "usage: $0 YYYY-MM-DD | --restore PATH..." >&2; exit 2; }

if [ "${1:-}" = --restore ]; then
  shift
  [ $# -gt 0 ] || usage
  for path in "$@"; do
    commit=$(awk -F'|' -v p="$path" '{gsub(/[ `]/, "", $2); gsub(/[ `]/, "", $3)} $2 == p {print $3}' "$list")
    [ -n "$commit" ] || { echo "$path: not listed in $list" >&2; exit 1; }
    mkdir -p "$(dirname "$path")"
    git show "$commit:$path" > "$path"
    echo "restored $path from $commit"
  done
  exit 0
fi

before=${1:-}
[[ $before =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] && date -d "$before" > /dev/null 2>&1 || usage
if ! git diff --quiet HEAD -- bench/results; then
  echo "bench/results has uncommitted changes: commit them first (ARCHIVED.md names HEAD)" >&2
  exit 1
fi
head=$(git rev-parse --short=12 HEAD)
if [ ! -f "$list" ]; then
  cat > "$list" <<'EOF'
# Archived raw logs

The raw-log archives of these records left the working tree (`scripts/archive-records.sh`): every call to the GPU
machine carries the tracked tree, which may not pass 64 MiB with the builds it runs. Each stays in the repository
at the commit named here; `scripts/archive-records.sh --restore PATH` writes it back (`git show COMMIT:PATH > PATH`
alike). The records' README files still name these archives as they were written.

| archive | commit |
|---|---|
EOF
fi
n=0 bytes=0
while IFS= read -r -d '' f; do
  dir=${f#bench/results/}
  dir=${dir%%/*}
  day=$(grep -oE '20[0-9]{2}-[0-9]{2}-[0-9]{2}' <<< "$dir" | head -1 || true)
  [ -n "$day" ] && [[ $day < $before ]] || continue
  bytes=$((bytes + $(stat -c %s "$f")))
  echo "| \`$f\` | \`$head\` |" >> "$list"
  git rm -q -- "$f"
  n=$((n + 1))
done < <(git ls-files -z -- 'bench/results/*.tar.xz' 'bench/results/*.gz')
git add -- "$list"
echo "archived $n archives ($((bytes / 1048576)) MiB) of records before $before; listed in $list at $head"
bash scripts/tree-size.sh
