#!/usr/bin/env python3
"""Rapfi's verdict on each of our moves after the opening in saved matches against it.

    python3 verdicts.py RAPFI MS K SHARD/N OPENINGS MATCH_DIR... > verdicts.txt

For the first K of our moves after the opening in every game of each MATCH_DIR (a match's games
with their results, read with `scripts/games_archive.py`: a folder of `scripts/match.py --save`
or a packed study's STUDY/MATCH; W-L-D ours as engine A), Rapfi thinks MS ms on the
position before our move (its move and its eval for us, the side to move) and, when our move is
not its move, on the position after it (its eval for the opponent). The loss of our move is the
sum of the two evals (0 when we played Rapfi's move); a mate counts 3000 (read by
`scripts/label_with_brain.py`'s `parse_score`). The opening of a game is the longest line of
OPENINGS that starts it. SHARD/N splits the positions over N runs (one per core). Output, one
line a position:

    match game winner k index rapfi_move v our_move w loss | moves before ours
"""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "scripts"))
from games_archive import read_games  # noqa: E402
from label_with_brain import parse_score  # noqa: E402
from match import start_engines  # noqa: E402


def words_of(text):
    return re.findall(r"[a-o]\d+", text)


def think(engine_path, words, ms):
    """The engine's move (h8 notation) and its messages, thinking `ms` on the position."""
    e = start_engines([engine_path], 15, 0, ms)[0]
    e.board(words, 15)
    reply = e.answer(ms / 1000 * 3 + 5)
    messages = e.messages
    e.close()
    x, y = (int(t) for t in reply.split(","))
    return chr(ord("a") + x) + str(15 - y), messages


def positions(openings_file, folders, k_moves):
    openings = [words_of(l) for l in open(openings_file) if not l.startswith("#") and l.strip()]
    out = []
    for d in folders:
        for game in read_games(d):
            m = re.match(r"A is (black|white): (A|B|draw)", game.result)
            if not m:
                continue
            g, moves = game.game, game.words
            start = max(len(o) for o in openings if moves[:len(o)] == o)
            colour, winner = m.group(1), m.group(2)
            ours = [i for i in range(start, len(moves)) if (i % 2 == 0) == (colour == "black")]
            for k, i in enumerate(ours[:k_moves]):
                out.append((os.path.basename(os.path.normpath(d)), g, winner, k, i, moves[:i], moves[i]))
    return out


def main():
    rapfi, ms, k_moves = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    shard, n = map(int, sys.argv[4].split("/"))
    for j, (d, g, winner, k, i, before, ours) in enumerate(positions(sys.argv[5], sys.argv[6:], k_moves)):
        if j % n != shard:
            continue
        best, messages = think(rapfi, before, ms)
        v = parse_score(messages)
        w, loss = None, 0
        if best != ours:
            w = parse_score(think(rapfi, before + [ours], ms)[1])
            loss = v + w if v is not None and w is not None else None
        print(f"{d} {g} {winner} {k} {i} {best} {v} {ours} {w} {loss} | {' '.join(before)}", flush=True)


if __name__ == "__main__":
    main()
