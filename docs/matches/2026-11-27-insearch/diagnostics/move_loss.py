#!/usr/bin/env python3
"""Judges where two builds' moves differ with a stronger brain: a paired screen (research note).

    python3 move_loss.py positions GAMES_DIR... --count N --seed S > positions.txt
    python3 move_loss.py play BRAIN MS positions.txt moves.txt
    python3 move_loss.py compare a.txt b.txt JUDGE JUDGE_MS positions.txt [--cache F]

`positions` samples N positions (one a line, the moves as `h8 i9 ...`) from the games (of
folders `scripts/match.py --save` wrote, or a packed study's STUDY/MATCH, read with
`scripts/games_archive.py`): plies 6 to 60.

`play` asks BRAIN for its move in each position (`MS` milliseconds, the Gomocup protocol's
BOARD command, freestyle) and writes `index move` lines.

`compare` takes two `play` outputs on the same positions and, where the moves differ, asks
JUDGE for its score of the position after each move (for the side to move there, negated:
the value for the side that moved; a five made, or one the other side can make at once, is
settled without asking). It prints the sum over those positions of the difference in judged
expected score (the logistic of value / 200, Rapfi's scale) with its standard error, and how
often each build's move was judged far better. Judgements are kept in the cache file.

Measured (see the README): over 1,200 positions, main at 0.1 s against main at 0.2 s differed
in 217 moves and the judge (Rapfi at 1 s) rated the two sets of moves the same (-0.04 +- 2.73);
four times the time it sees at two standard errors (+7.0 +- 3.5). Too coarse to rank changes,
so it was not used to screen them. Neither brain is part of this project: build them
yourself, outside the repository.
"""

import argparse
import json
import math
import os
import random
import re
import sys
import time

# The project's scripts folder, four levels up from this research note.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../../scripts"))
from label_with_brain import parse_score  # noqa: E402
from games_archive import read_games  # noqa: E402
from match import Engine, five_or_more  # noqa: E402

SIZE = 15
LABEL_SCALE = 200.0
FAR_BETTER = 0.1
MATE = 3000


def notation(x, y):
    return f"{chr(ord('a') + x)}{SIZE - y}"


def coords(word):
    return ord(word[0]) - ord("a"), SIZE - int(word[1:])


def settled_value(moves):
    """The value for the side that made the last move when the game is settled at once: it made
    five (+3000), or the other side can (-3000); None otherwise."""
    board = {coords(m): k % 2 for k, m in enumerate(moves)}
    last, mover = coords(moves[-1]), (len(moves) - 1) % 2
    if five_or_more(board, SIZE, *last, mover, False):
        return MATE
    if any(five_or_more(board, SIZE, x, y, 1 - mover, False)
           for x in range(SIZE) for y in range(SIZE) if (x, y) not in board):
        return -MATE
    return None


def sample_positions(args):
    rng = random.Random(args.seed)
    found = []
    for folder in args.games:
        for game in read_games(folder):
            moves = game.words
            # A game ends at its first five, so no position before its last move has one.
            for ply in range(6, min(len(moves), 61)):
                found.append(moves[:ply])
    rng.shuffle(found)
    seen, out = set(), []
    for moves in found:
        key = " ".join(moves)
        if key in seen:
            continue
        seen.add(key)
        out.append(key)
        if len(out) == args.count:
            break
    print("\n".join(out))
    print(f"{len(out)} positions from {len(found)} candidates", file=sys.stderr)


class Brain:
    """A Gomocup brain answering BOARD commands at a fixed time a move."""

    def __init__(self, path, ms):
        self.ms = ms
        self.engine = Engine(path)
        for line in (f"START {SIZE}", f"INFO timeout_turn {ms}", "INFO timeout_match 0",
                     "INFO time_left 100000000", "INFO rule 0"):
            self.engine.send(line)

    def ask(self, moves):
        """The brain's move and last reported score for the side to move, or (None, None)."""
        self.engine.messages.clear()
        self.engine.board(moves, SIZE)
        reply = self.engine.answer(self.ms / 1000 * 3 + 2)
        # Some brains (Rapfi) lose a command that comes just after their move.
        time.sleep(0.01)
        if reply is None:
            return None, None
        try:
            x, y = (int(v) for v in reply.split(","))
        except ValueError:
            return None, None
        return notation(x, y), parse_score(self.engine.messages)

    def close(self):
        self.engine.close()


def play(args):
    with open(args.positions) as f:
        positions = [line.split() for line in f if line.strip()]
    brain = Brain(args.brain, args.ms)
    with open(args.out, "w") as out:
        for index, moves in enumerate(positions):
            move, _ = brain.ask(moves)
            if move is None:
                print(f"position {index + 1}: no move from the brain", file=sys.stderr)
                continue
            print(index, move, file=out, flush=True)
    brain.close()


class Judge:
    """The judge's values of positions after a move, kept in a cache file between runs."""

    def __init__(self, path, ms, cache_path):
        self.path, self.ms, self.cache_path = path, ms, cache_path
        self.brain = None
        self.cache = {}
        if cache_path and os.path.exists(cache_path):
            with open(cache_path) as f:
                self.cache = json.load(f)
        self.asked = 0

    def value(self, moves, move):
        """The judge's value for the side that played `move`, or None."""
        after = moves + [move]
        key = f"{self.ms} " + " ".join(after)
        if key not in self.cache:
            settled = settled_value(after)
            if settled is None:
                if self.brain is None:
                    self.brain = Brain(self.path, self.ms)
                _, score = self.brain.ask(after)
                if score is None:
                    return None
                settled = -score
                self.asked += 1
            self.cache[key] = settled
        return self.cache[key]

    def close(self):
        if self.brain is not None:
            self.brain.close()
        if self.cache_path:
            with open(self.cache_path, "w") as f:
                json.dump(self.cache, f)


def expected(value):
    return 1 / (1 + math.exp(-max(-20.0, min(20.0, value / LABEL_SCALE))))


def read_play(path):
    rows = {}
    with open(path) as f:
        for line in f:
            index, move = line.split()[:2]
            rows[int(index)] = move
    return rows


def compare(args):
    with open(args.positions) as f:
        positions = [line.split() for line in f if line.strip()]
    a, b = read_play(args.a), read_play(args.b)
    common = sorted(set(a) & set(b))
    differ = [i for i in common if a[i] != b[i]]
    if not differ:
        sys.exit(f"{len(common)} positions in common, the same move in every one")
    judge = Judge(args.judge, args.judge_ms, args.cache)
    diffs = []
    try:
        for i in differ:
            va, vb = judge.value(positions[i], a[i]), judge.value(positions[i], b[i])
            if va is None or vb is None:
                print(f"position {i + 1}: no score from the judge", file=sys.stderr)
                continue
            diffs.append(expected(va) - expected(vb))
    finally:
        judge.close()
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1))
    print(f"positions {len(common)}, moves differ in {len(differ)}, judged {n} "
          f"({judge.asked} asked anew, judge {args.judge_ms} ms)")
    print(f"A - B, judged expected score after the move, summed over the judged positions: "
          f"{sum(diffs):+.2f} +- {sd * math.sqrt(n):.2f} (one standard error)")
    print(f"per position where the moves differ: {mean:+.4f}; "
          f"A's move far better (by {FAR_BETTER}+): {sum(d > FAR_BETTER for d in diffs)}, "
          f"B's: {sum(d < -FAR_BETTER for d in diffs)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("positions")
    p.add_argument("games", nargs="+")
    p.add_argument("--count", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p = sub.add_parser("play")
    p.add_argument("brain")
    p.add_argument("ms", type=int)
    p.add_argument("positions")
    p.add_argument("out")
    p = sub.add_parser("compare")
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("judge")
    p.add_argument("judge_ms", type=int)
    p.add_argument("positions")
    p.add_argument("--cache")
    args = ap.parse_args()
    {"positions": sample_positions, "play": play, "compare": compare}[args.command](args)


if __name__ == "__main__":
    main()
