#!/usr/bin/env python3
"""How many of the review's "missed win" marks Rapfi contradicts.

    python3 missed_win_marks.py RAPFI path/to/gomoku-analyse MATCH_DIR

Reviews every game of MATCH_DIR (a folder of `scripts/match.py --save` or a packed study's
STUDY/MATCH, read with `scripts/games_archive.py`; default settings) and, for each move marked
"missed win", asks Rapfi (1 s) about the position right after it, the opponent to move. When
Rapfi sees the opponent mated, the move kept the win and the mark is false.
"""

import os
import re
import subprocess
import sys
import tempfile

from verdicts import think  # sets the path to scripts/ as well
from games_archive import read_games  # noqa: E402
from label_with_brain import parse_score  # noqa: E402


def main():
    rapfi, analyse, folder = sys.argv[1:4]
    marks = false = 0
    tmp = tempfile.TemporaryDirectory()
    for record in read_games(folder):
        moves = record.words
        # The review reads a file: the game's position string, as `gameNNN.txt` was.
        game = os.path.join(tmp.name, f"game{record.game:03}.txt")
        with open(game, "w") as f:
            f.write(record.moves + "\n")
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
