#!/usr/bin/env python3
"""Where a lost game turned: the move after which the stronger opponent first rated itself
at THRESH or more, and what a longer search of ours and the opponent would have played there.

    python3 scripts/loss_diagnosis.py MATCH_DIR OURS OPPONENT [THRESH] [SLOW_MS] [SHARD k/N] > out.jsonl

MATCH_DIR is a folder saved by `scripts/match.py --save DIR --logs` (the games with their
results, and the engines' logs, which docs/matches/ does not keep; read with
`scripts/games_archive.py`); OURS played as A, OPPONENT (a brain that reports `Eval` in its
MESSAGE lines, such as Rapfi) as B. For each game B won: the position before our move, our move
there (as played at the match's time), our move after SLOW_MS, the opponent's move after 1 s,
and the opponent's evaluation (its own view, 0.5 s) after each of them, a proven win or loss as
+-3000 (`label_with_brain.parse_score`). Freestyle. Figures for diagnosis, not a test.
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
from games_archive import logged_games  # noqa: E402
from label_with_brain import parse_score  # noqa: E402
from match import start_engines  # noqa: E402

SIZE = 15


def ask(brain, moves, ms):
    """The brain's move in the freestyle position after `moves` (`h8`-style words) and the
    score it reported for it (`parse_score`'s scale); (None, None) if it did not answer."""
    engine = start_engines([brain], SIZE, 0, ms)[0]
    engine.board(moves, SIZE)
    reply = engine.answer(ms / 1000 * 3 + 2)
    engine.close()
    try:
        x, y = (int(v) for v in reply.split(","))
    except (AttributeError, ValueError):
        print(f"{brain}: no move for {' '.join(moves)} (reply {reply!r})", file=sys.stderr)
        return None, None
    return f"{chr(ord('a') + x)}{SIZE - y}", parse_score(engine.messages)


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    folder, ours, opponent = sys.argv[1:4]
    thresh = int(sys.argv[4]) if len(sys.argv) > 4 else 200
    slow = int(sys.argv[5]) if len(sys.argv) > 5 else 5000
    k, shards = map(int, (sys.argv[6] if len(sys.argv) > 6 else '0/1').split('/'))
    try:
        games = logged_games(folder)
    except (FileNotFoundError, ValueError) as e:
        sys.exit(str(e))
    for i, game in enumerate(games):
        number = game.game
        if i % shards != k or not re.match(r'A is \w+: B ', game.result):
            continue
        moves = game.words
        first = None
        for line in open(game.log):
            m = re.match(r'(\d+) (black|white) [\d,]+: (MESSAGE .*Eval .*)', line)
            if m and parse_score([m[3]]) >= thresh:
                first = int(m[1])
                break
        if first is None or first < 3:
            continue
        before, played = moves[:first - 2], moves[first - 2]
        longer, _ = ask(ours, before, slow)
        theirs, _ = ask(opponent, before, 1000)
        candidates = sorted({played, longer, theirs} - {None})
        judged = {c: ask(opponent, before + [c], 500)[1] for c in candidates}
        print(json.dumps(dict(game=number, move=first - 1, played=played, slow=longer,
                              opponent=theirs, opponent_eval_after=judged)), flush=True)


if __name__ == '__main__':
    main()
