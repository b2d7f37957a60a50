#!/usr/bin/env python3
"""Where a brain's nodes go in the first moves after the opening.

    python3 node_breakdown.py BRAIN OPENINGS MS PLIES

BRAIN is `gomoku-brain` built with `node-breakdown.patch` (it prints a `BREAKDOWN` line on
standard error after each move). From each of the first OPENINGS openings of
`scripts/openings/rapfi-freestyle.txt`, the brain plays PLIES moves against itself at MS a move
(each position given with BOARD, the side to move as its own). Prints, for each group of four
plies, the nodes by part of the search and the mean depth completed. Run from the repository's
top folder.
"""

import collections
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.getcwd(), "scripts"))
from match import read_openings  # noqa: E402

NAMES = ["main and quiescence", "root VCF", "leaf VCF", "defence VCF", "defence VCT", "root VCT"]
BREAKDOWN = re.compile(r"BREAKDOWN (\d+) \[([\d, ]+)\] depth (\d+)")
MOVE = re.compile(r"^(\d+),(\d+)$")


def play(brain, opening, ms, plies):
    """The brain's BREAKDOWN lines for PLIES moves of self-play from `opening`."""
    p = subprocess.Popen([brain], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def reply():
        while True:
            line = p.stdout.readline()
            if not line:
                sys.exit("the brain stopped")
            if m := MOVE.match(line.strip()):
                return int(m.group(1)), int(m.group(2))

    send("START 15")
    while p.stdout.readline().strip() != "OK":
        pass
    for info in (f"timeout_turn {ms}", "timeout_match 0", "rule 0"):
        send(f"INFO {info}")
    moves = list(opening)
    for _ in range(plies):
        send("BOARD")
        mover = len(moves) % 2
        for k, (x, y) in enumerate(moves):
            send(f"{x},{y},{1 if k % 2 == mover else 2}")
        send("DONE")
        moves.append(reply())
    send("END")
    p.stdin.close()
    err = p.stderr.read()
    p.wait()
    return [BREAKDOWN.match(line) for line in err.splitlines() if BREAKDOWN.match(line)]


def main():
    brain, count, ms, plies = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    openings = read_openings("scripts/openings/rapfi-freestyle.txt", count, 15)
    groups = collections.defaultdict(lambda: [0] * (len(NAMES) + 2))
    for opening in openings:
        for k, m in enumerate(play(brain, opening, ms, plies)):
            g = groups[k // 4]
            for part, n in enumerate(map(int, m.group(2).split(","))):
                g[part] += n
            g[-2] += int(m.group(3))
            g[-1] += 1
    for k in sorted(groups):
        g = groups[k]
        total = sum(g[:len(NAMES)])
        shares = ", ".join(f"{name} {100 * n / total:.0f}%" for name, n in zip(NAMES, g))
        print(f"plies {4 * k + 1}-{4 * k + 4}: {total / g[-1]:.0f} nodes a move: {shares}; "
              f"mean depth {g[-2] / g[-1]:.1f}")


if __name__ == "__main__":
    main()
