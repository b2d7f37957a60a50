#!/usr/bin/env python3
"""Does a build play the same move again in the positions where we walked into a forced loss?

    python3 replay.py BRAIN MS blunders-before.txt

Each input line: `name our_move moves` (the position before our move as one string). The brain
thinks MS ms on each position; the script prints its move, depth and score, and counts the
positions where it plays the move of the game again.
"""

import re
import sys

from verdicts import think, words_of


def main():
    brain, ms = sys.argv[1], int(sys.argv[2])
    again = total = 0
    for line in open(sys.argv[3]):
        name, played, moves = line.split()
        move, messages = think(brain, words_of(moves), ms)
        info = [re.search(r"depth (\d+) score (-?\d+)", m) for m in messages]
        info = [f"depth {i.group(1)} score {i.group(2)}" for i in info if i]
        total += 1
        again += move == played
        print(name, played, move, info[-1] if info else "", "again" if move == played else "", flush=True)
    print(f"played the move of the game again in {again} of {total}")


if __name__ == "__main__":
    main()
