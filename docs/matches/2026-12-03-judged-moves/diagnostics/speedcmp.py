#!/usr/bin/env python3
"""Nodes per second of several builds of `gomoku-brain` on the same positions.

    python3 speedcmp.py MS NPOS MATCH_DIR BRAIN...

Takes the first NPOS games of a match (a folder saved by `scripts/match.py --save`, or a packed
study's STUDY/MATCH, read with `scripts/games_archive.py`), a position from each
(after 17, 25 or 33 moves in turn), and asks every brain to move there in MS ms, the brains in
turn position by position so that the machine's drift touches all alike. Sums the nodes and the
times of their last `MESSAGE depth ... nodes N ... time T ms` lines and prints each brain's rate.
"""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../../scripts"))
from games_archive import read_games  # noqa: E402
from opponent_mates import start_brain, stop_brain  # noqa: E402


def ask(brain, moves, ms):
    """Nodes and milliseconds of the brain's last report before its move."""
    p = start_brain(brain, moves, ms, 0)
    nodes = (0, 0)
    for line in p.stdout:
        m = re.search(r"nodes (\d+) .*time (\d+) ms", line)
        if m:
            nodes = (int(m.group(1)), int(m.group(2)))
        if re.match(r"^\d+,\d+\s*$", line):
            break
    stop_brain(p)
    return nodes


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    ms, npos, folder, brains = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4:]
    positions = []
    for game in list(read_games(folder))[:npos]:
        words = game.words
        k = min(len(words) - 1, 17 + (len(positions) % 3) * 8)
        positions.append(words[:k])
    total = {b: [0, 0] for b in brains}
    for moves in positions:
        for b in brains:
            n, t = ask(b, moves, ms)
            total[b][0] += n
            total[b][1] += t
    for b in brains:
        nodes, ms_used = total[b]
        print(f"{b}: {nodes / max(ms_used, 1):.0f}k nodes/s over {len(positions)} positions")


if __name__ == "__main__":
    main()
