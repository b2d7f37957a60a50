#!/bin/bash
# The review's summaries summed over every game of match folders, for one build of
# gomoku-analyse (default review settings: 20,000 nodes a position for the search and for the
# solvers):
#     bash review_count.sh path/to/gomoku-analyse MATCH_DIR...
# (MATCH_DIR: a folder of scripts/match.py --save, or a packed study's STUDY/MATCH; each is
# written out as gameNNN.txt files by scripts/games_archive.py extract first, for the review.)
an=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
archive="$(dirname "$0")/../../../../scripts/games_archive.py"
i=0
for d in "$@"; do
    i=$((i + 1))
    python3 "$archive" extract "$d" "$tmp/$i" >/dev/null || exit 1
    for g in "$tmp/$i"/game*.txt; do
        "$an" review "$g" 2>/dev/null | grep -E "^(black|white): accuracy"
    done
done | python3 -c "
import re, sys
t = {'games': 0, 'moves': 0, 'missed wins': 0, 'blunders': 0, 'mistakes': 0}
for line in sys.stdin:
    t['games'] += line.startswith('black')
    for key, pattern in (('moves', r'\((\d+) moves\)'), ('missed wins', r'(\d+) missed win'),
                         ('blunders', r'(\d+) blunder'), ('mistakes', r'(\d+) mistake')):
        m = re.search(pattern, line)
        t[key] += int(m.group(1)) if m else 0
print(t)
"
