#!/usr/bin/env python3
"""Our engine's own view of two brains' moves where the judge told them apart.

    python3 our_view.py POSITIONS RESULT_A RESULT_B LO HI MS [ANALYSE]

POSITIONS is a `judged_moves.py --positions` file and RESULT_A, RESULT_B that script's results
on it for two brains. For every position where the moves differ and B's judged value exceeds
A's by more than LO and at most HI, `gomoku-analyse analyse` (ANALYSE, default
`target/release/gomoku-analyse`) searches MS ms on the position after each move; the move's
value is minus the best score there. Prints both values and how often our engine prefers B's.
"""

import re
import subprocess
import sys


def score(analyse, moves, ms):
    out = subprocess.run(
        [analyse, "analyse", " ".join(moves), "--ms", ms], capture_output=True, text=True
    ).stdout
    m = re.search(r"^\s*1\.\s+(\w+)\s+score\s+(-?\d+)", out, re.M)
    if not m:
        sys.exit(f"no score from {analyse} for {' '.join(moves)}")
    return int(m.group(2))


def results(path):
    with open(path) as f:
        return [w for w in (line.split() for line in f) if len(w) == 4 and not w[0].startswith("/")]


def main():
    if len(sys.argv) < 7:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        positions = [line.split()[2:] for line in f]
    a_moves, b_moves = results(sys.argv[2]), results(sys.argv[3])
    lo, hi, ms = int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
    analyse = sys.argv[7] if len(sys.argv) > 7 else "target/release/gomoku-analyse"
    n = prefers_b = 0
    for moves, a, b in zip(positions, a_moves, b_moves):
        d = int(b[3]) - int(a[3])
        if a[2] == b[2] or not lo < d <= hi:
            continue
        after_a = -score(analyse, moves + [a[2]], ms)
        after_b = -score(analyse, moves + [b[2]], ms)
        n += 1
        prefers_b += after_b > after_a
        print(f"{a[1]} judge: A {a[2]} {a[3]}, B {b[2]} {b[3]} | ours after A {after_a}, after B {after_b}", flush=True)
    print(f"{n} positions, our engine prefers B's move in {prefers_b}")


if __name__ == "__main__":
    main()
