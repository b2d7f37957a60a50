"""The depth our engine completed in a saved match, over its moves not solved.

    python3 match_depths.py MATCH_DIR RESULT.txt

MATCH_DIR is a folder saved by `scripts/match.py --save` with its `gameNNN.log` files (not kept
in the repository), RESULT.txt the match's report (which colour engine A had in each game). For
each engine that is `gomoku-brain` (its MESSAGE lines read `depth D score S [(solved)] nodes N`),
prints its moves, the share reported solved, and over the others the median and mean depth and
the median node count.
"""
import glob
import re
import statistics
import sys

GAME = re.compile(r'game\s+(\d+): A is (black|white)')
OURS = re.compile(r'\d+ (black|white) .*MESSAGE depth (\d+) score (-?\d+)( \(solved\))? nodes (\d+)')

folder, result = sys.argv[1], sys.argv[2]
a_is_black = {}
for line in open(result):
    m = GAME.match(line)
    if m:
        a_is_black[int(m[1])] = m[2] == 'black'
depths = {'A': [], 'B': []}
nodes = {'A': [], 'B': []}
solved = {'A': 0, 'B': 0}
moves = {'A': 0, 'B': 0}
for log in sorted(glob.glob(folder + '/game*.log')):
    game = int(re.search(r'game(\d+)', log)[1])
    if game not in a_is_black:
        continue
    for line in open(log):
        m = OURS.match(line)
        if not m:
            continue
        who = 'A' if (m[1] == 'black') == a_is_black[game] else 'B'
        moves[who] += 1
        if m[4]:
            solved[who] += 1
            continue
        depths[who].append(int(m[2]))
        nodes[who].append(int(m[5]))
for who in depths:
    if depths[who]:
        print(who, 'moves', moves[who], 'solved %.0f%%' % (100 * solved[who] / moves[who]),
              'unsolved: median depth', statistics.median(depths[who]),
              'mean %.2f' % statistics.mean(depths[who]), 'median nodes', statistics.median(nodes[who]))
