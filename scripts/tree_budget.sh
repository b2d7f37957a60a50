#!/usr/bin/env bash
# The tracked tree's budget: at most 2,000 files and 40 MB (40 * 1024 * 1024 bytes), counted
# over `git ls-files`, the size being each tracked file's bytes in the work tree, screenshots
# included. Match records are data: a study keeps its games in one compact file
# (docs/matches/README.md), not one file per game.
#     scripts/tree_budget.sh    prints the counts; exits 1 when the tree is over either limit
set -euo pipefail
cd "$(dirname "$0")/.."

max_files=2000
max_bytes=$((40 * 1024 * 1024))

# Each tracked file's size in bytes, one a line (GNU stat, else BSD's). A tracked file missing
# from the work tree (deleted, not yet committed) counts no bytes.
sizes() {
  if stat -c %s /dev/null >/dev/null 2>&1; then
    git ls-files -z | xargs -0 stat -c %s -- 2>/dev/null || true
  else
    git ls-files -z | xargs -0 stat -f %z -- 2>/dev/null || true
  fi
}

files=$(git ls-files -z | tr -cd '\0' | wc -c | tr -d ' ')
bytes=$(sizes | awk '{ s += $1 } END { printf "%d", s }')
mb=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1048576 }')
echo "tracked tree: $files files of 2,000, $mb MB of 40"

over=0
if (( files > max_files )); then
  echo "tracked tree over its budget: $files files, more than 2,000" >&2
  over=1
fi
if (( bytes > max_bytes )); then
  echo "tracked tree over its budget: $bytes bytes ($mb MB), more than 40 MB ($max_bytes bytes)" >&2
  over=1
fi
if (( over )); then
  echo "(match records go in one games.tsv.gz per study: scripts/games_archive.py pack," \
       "docs/matches/README.md)" >&2
  exit 1
fi
