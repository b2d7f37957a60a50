#!/usr/bin/env python3
"""Asks a brain about the positions printed by `turning_points.py --surprises`.

    python3 replay_probe.py BRAIN MS reply|same FILE

`reply`: the brain moves for the opponent in the position after our move: does it find the
opponent's reply, and what does it score it? `same`: the brain moves in the position before our
move: does it play our move again? Prints one line a position (name, what was played, the
brain's move and score, `same` or `other`) and the count.
"""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../../scripts"))
from opponent_mates import start_brain, stop_brain  # noqa: E402

SCORE = re.compile(r"score (-?\d+)")
REPLY = re.compile(r"^(\d+),(\d+)\s*$")


def ask(brain, moves, ms):
    """The brain's move (as `h8`) and its reported score in the position after `moves`."""
    p = start_brain(brain, moves, ms, 0)
    last = ""
    move = score = None
    for line in p.stdout:
        if line.startswith("MESSAGE"):
            last = line
        elif m := REPLY.match(line):
            move = f"{chr(97 + int(m[1]))}{15 - int(m[2])}"
            s = SCORE.search(last)
            score = int(s[1]) if s else None
            break
    stop_brain(p)
    return move, score


def main():
    if len(sys.argv) != 5 or sys.argv[3] not in ("reply", "same"):
        sys.exit(__doc__)
    brain, ms, mode, path = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    hits = total = 0
    try:
        lines = open(path).read().split("\n")
    except OSError as e:
        sys.exit(f"cannot read {path}: {e}")
    for line in filter(None, lines):
        name, scores, before, ours, reply = line.split()
        moves = re.findall(r"[a-o]\d+", before)
        if mode == "reply":
            move, score = ask(brain, moves + [ours], ms)
            hit = move == reply
        else:
            move, score = ask(brain, moves, ms)
            hit = move == ours
        total += 1
        hits += hit
        print(name, scores, ours, reply, move, score, "same" if hit else "other", flush=True)
    print(f"{hits} of {total} the same ({mode})")


if __name__ == "__main__":
    main()
