"""Rapfi's moves in the saved freestyle games of docs/matches (15x15, every match against
Rapfi's classical evaluation), as `game move moves-before` lines for `dump_policy_codes`
(search-stats.patch). Rapfi is engine B of every such match; the first ten plies (the opening)
are left out. Run from docs/matches: python3 rapfi_moves_from_games.py > moves-games.txt
(the matches are STUDY/MATCH with no folder between, as the folders `*/*rapfi*` were before the
studies' games went into their games.tsv.gz; read with `scripts/games_archive.py`)"""
import fnmatch
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../../scripts'))
from games_archive import read_games  # noqa: E402

gid, n = 100000, 0
for game in sorted(read_games('.'), key=lambda g: (g.match, g.game)):
    d = game.match
    b = os.path.basename(d)
    if d.count('/') != 1 or not fnmatch.fnmatchcase(b, '*rapfi*'):
        continue
    if any(x in b for x in ['rj', 'st-', 'standard', 'renju', '220723', 'swap2', 's13']):
        continue
    m = re.match(r'A is (black|white)', game.result)
    if not m:
        continue
    moves = game.words
    rapfi_parity = 1 if m.group(1) == 'black' else 0
    gid += 1
    for i in range(10, len(moves)):
        if i % 2 == rapfi_parity:
            print(f"{gid} {moves[i]} {' '.join(moves[:i])}")
            n += 1
