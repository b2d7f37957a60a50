#!/usr/bin/env python3
"""Time each engine spent by its move number after the opening, from match logs.

    python3 time_by_move.py MATCH_DIR [MATCH_DIR ...]

Each folder is one saved by `scripts/match.py --save` with its `gameNNN.log` files (not kept in
the repository): `gomoku-brain` reports `time N ms` in its MESSAGE lines, Rapfi `Time Nms`. Prints,
per folder, the mean time of each side's 1st, 4th, 7th, ... move after the opening, and the
median and largest total time a side used in a game.
"""

import glob
import os
import re
import statistics
import sys

OURS = re.compile(r"time (\d+) ms threads")
RAPFI = re.compile(r"Time (\d+)ms")


def per_game(folder):
    """(our times, Rapfi's times) of each game, in move order."""
    for log in sorted(glob.glob(os.path.join(folder, "game*.log"))):
        ours, theirs = [], []
        with open(log) as f:
            for line in f:
                if m := OURS.search(line):
                    ours.append(int(m.group(1)))
                elif m := RAPFI.search(line):
                    theirs.append(int(m.group(1)))
        yield ours, theirs


def main():
    for folder in sys.argv[1:]:
        games = list(per_game(folder))
        print(f"== {folder}: {len(games)} games")
        for side, k in (("ours", 0), ("Rapfi", 1)):
            means = []
            for move in range(0, 30, 3):
                times = [g[k][move] for g in games if len(g[k]) > move]
                if times:
                    means.append(f"{move + 1}: {statistics.mean(times):.0f}")
            totals = [sum(g[k]) for g in games]
            print(f"{side:>5} mean ms by move: {', '.join(means)}")
            print(f"{side:>5} per game: median {statistics.median(totals):.0f} ms, "
                  f"most {max(totals)} ms")


if __name__ == "__main__":
    main()
