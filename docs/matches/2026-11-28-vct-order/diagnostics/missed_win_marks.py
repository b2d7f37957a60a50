#!/usr/bin/env python3
"""How many of the review's "missed win" marks Rapfi contradicts.

    python3 missed_win_marks.py RAPFI path/to/gomoku-analyse MATCH_DIR

Reviews every game of MATCH_DIR (default settings) and, for each move marked "missed win",
asks Rapfi (1 s) about the position right after it, the opponent to move. When Rapfi sees the
opponent mated, the move kept the win and the mark is false.
"""

import glob
import re
import subprocess
import sys

from verdicts import think, words_of  # sets the path to scripts/ as well
from label_with_brain import parse_score  # noqa: E402


def main():
    rapfi, analyse, folder = sys.argv[1:4]
    marks = false = 0
    for game in sorted(glob.glob(folder + "/game*.txt")):
        moves = words_of(open(game).read())
        review = subprocess.run([analyse, "review", game], capture_output=True, text=True).stdout
        for line in review.splitlines():
            m = re.match(r"\s+(\d+)\s+(black|white)\s+(\S+).*missed win", line)
            if not m:
                continue
            n = int(m.group(1))
            marks += 1
            v = parse_score(think(rapfi, moves[:n], 1000)[1])
            wrong = v is not None and v <= -3000
            false += wrong
            print(game.split("/")[-1], n, m.group(3), "Rapfi's eval for the opponent after it:", v,
                  "FALSE MARK" if wrong else "", flush=True)
    print(f"marks {marks}, false (the opponent mated after the move) {false}")


if __name__ == "__main__":
    main()
