#!/usr/bin/env python3
"""Counts the games our engine lost to a threat sequence it did not see coming.

    python3 scripts/unseen_losses.py MATCH_DIR [MATCH_DIR ...]

Each folder is one saved by `scripts/match.py --save DIR --logs` with `gomoku-brain` as engine
A: the `gameNNN.log` files (not kept in docs/matches/) hold each engine's MESSAGE lines, ours as
`depth D score S ...`. A game counts as lost when our last score is below -1500. A loss is
"unseen" when, at one of our two moves before we first reported a proven loss (a score of -20000
or less), our score was still above -400: the loss came from a forced sequence our search did
not see until it was there. Figures for diagnosis, not a test.
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
from games_archive import logged_games  # noqa: E402

OURS = re.compile(r"(\d+) (black|white) [\d,]+: MESSAGE depth (\d+) score (-?\d+)")


def our_scores(log):
    """Our engine's score at each of its moves in one game log."""
    scores = []
    with open(log) as f:
        for line in f:
            m = OURS.match(line)
            if m:
                scores.append(int(m[4]))
    return scores


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip().splitlines()[2].strip())
        sys.exit(2)
    for folder in sys.argv[1:]:
        lost = unseen = 0
        try:
            games = logged_games(folder)
        except (FileNotFoundError, ValueError) as e:
            sys.exit(str(e))
        for game in games:
            scores = our_scores(game.log)
            if not scores or scores[-1] > -1500:
                continue
            lost += 1
            proven = next((i for i, s in enumerate(scores) if s <= -20000), None)
            if proven is not None and any(s > -400 for s in scores[max(0, proven - 2):proven]):
                unseen += 1
        print(f"{folder}: {lost} losses, {unseen} unseen until a proven loss")


if __name__ == "__main__":
    main()
