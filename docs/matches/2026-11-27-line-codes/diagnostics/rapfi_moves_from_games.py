"""Rapfi's moves in the saved freestyle games of docs/matches (15x15, every match against
Rapfi's classical evaluation), as `game move moves-before` lines for `dump_policy_codes`
(search-stats.patch). Rapfi is engine B of every such match; the first ten plies (the opening)
are left out. Run from docs/matches: python3 rapfi_moves_from_games.py > moves-games.txt"""
import glob
import os
import re

gid, n = 100000, 0
for d in sorted(glob.glob('*/*rapfi*')):
    b = os.path.basename(d)
    if any(x in b for x in ['rj', 'st-', 'standard', 'renju', '220723', 'swap2', 's13']):
        continue
    if not os.path.exists(d + '/result.txt'):
        continue
    colour = {}
    for line in open(d + '/result.txt'):
        m = re.match(r'game\s+(\d+): A is (black|white)', line)
        if m:
            colour[int(m.group(1))] = m.group(2)
    for f in sorted(glob.glob(d + '/game*.txt')):
        k = int(re.findall(r'\d+', os.path.basename(f))[0])
        if k not in colour:
            continue
        moves = re.findall(r'[a-o]\d+', open(f).read().split('\n')[0])
        rapfi_parity = 1 if colour[k] == 'black' else 0
        gid += 1
        for i in range(10, len(moves)):
            if i % 2 == rapfi_parity:
                print(f"{gid} {moves[i]} {' '.join(moves[:i])}")
                n += 1
