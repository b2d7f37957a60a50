#!/usr/bin/env python3
"""Our engine's own view of two brains' moves where the judge told them apart.

    python3 our_view.py POSITIONS RESULT_A RESULT_B LO HI MS [ANALYSE]

POSITIONS is a `judged_moves.py --positions` file and RESULT_A, RESULT_B that script's results
on it for two brains. For every position where the moves differ and B's judged value exceeds
A's by more than LO and at most HI, `gomoku-analyse analyse` (ANALYSE, default
`target/release/gomoku-analyse`) searches MS ms on the position after each move; the move's
value is minus the best score there. Prints both values and how often our engine prefers B's.
"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from judged_moves import load  # noqa: E402


def score(analyse, moves, ms):
    out = subprocess.run(
        [analyse, "analyse", " ".join(moves), "--ms", ms], capture_output=True, text=True
    ).stdout
    m = re.search(r"^\s*1\.\s+(\w+)\s+score\s+(-?\d+)", out, re.M)
    if not m:
        sys.exit(f"no score from {analyse} for {' '.join(moves)}")
    return int(m.group(2))


def main():
    if len(sys.argv) < 7:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        positions = [(line.split()[1], line.split()[2:]) for line in f]
    a_moves, b_moves = load(sys.argv[2]), load(sys.argv[3])
    lo, hi, ms = int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
    analyse = sys.argv[7] if len(sys.argv) > 7 else "target/release/gomoku-analyse"
    n = prefers_b = 0
    for (game, moves), (a, a_value), (b, b_value) in zip(positions, a_moves, b_moves):
        if a == b or not lo < b_value - a_value <= hi:
            continue
        after_a = -score(analyse, moves + [a], ms)
        after_b = -score(analyse, moves + [b], ms)
        n += 1
        prefers_b += after_b > after_a
        print(f"{game} judge: A {a} {a_value}, B {b} {b_value} | ours after A {after_a}, after B {after_b}", flush=True)
    print(f"{n} positions, our engine prefers B's move in {prefers_b}")


if __name__ == "__main__":
    main()
