#!/usr/bin/env python3
"""Where a brain's nodes go in the first moves after the opening.

    python3 node_breakdown.py BRAIN OPENINGS MS MOVES

BRAIN is `gomoku-brain` built with `node-breakdown.patch` (its MESSAGE line after each move ends
with the search's nodes by part). From each of the first OPENINGS openings of
`scripts/openings/rapfi-freestyle.txt`, the brain plays MOVES moves against itself at MS a move,
through `scripts/match.py`'s engine driver. Prints, for each group of four moves, the nodes by
part of the search and the mean depth completed. Run from the repository's top folder.
"""

import collections
import os
import re
import sys

sys.path.insert(0, os.path.join(os.getcwd(), "scripts"))
from match import position_string, read_openings, start_engines  # noqa: E402

NAMES = ["main and quiescence", "root VCF", "leaf VCF", "defence VCF", "defence VCT", "root VCT"]
BREAKDOWN = re.compile(r"depth (\d+) .* breakdown \[([\d, ]+)\]")
SIZE = 15


def self_play(brain, opening, ms, count):
    """The brain's MESSAGE lines over `count` moves of self-play from `opening`."""
    [engine] = start_engines([brain], SIZE, 0, ms)
    moves = list(opening)
    try:
        for _ in range(count):
            words = re.findall(r"[a-z]\d+", position_string(moves, SIZE))
            engine.board(words, SIZE)
            reply = engine.answer(ms / 1000 + 5)
            if reply is None:
                sys.exit("the brain gave no move")
            x, y = map(int, reply.split(","))
            moves.append((x, y))
    finally:
        engine.close()
    return engine.messages


def main():
    brain, count, ms, moves = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    groups = collections.defaultdict(lambda: [0] * (len(NAMES) + 2))
    for opening in read_openings("scripts/openings/rapfi-freestyle.txt", count, SIZE):
        found = [m for line in self_play(brain, opening, ms, moves)
                 if (m := BREAKDOWN.search(line))]
        for k, m in enumerate(found):
            g = groups[k // 4]
            for part, n in enumerate(map(int, m.group(2).split(","))):
                g[part] += n
            g[-2] += int(m.group(1))
            g[-1] += 1
    for k in sorted(groups):
        g = groups[k]
        total = sum(g[:len(NAMES)])
        shares = ", ".join(f"{name} {100 * n / total:.0f}%" for name, n in zip(NAMES, g))
        print(f"moves {4 * k + 1}-{4 * k + 4}: {total / g[-1]:.0f} nodes a move: {shares}; "
              f"mean depth {g[-2] / g[-1]:.1f}")


if __name__ == "__main__":
    main()
