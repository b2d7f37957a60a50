#!/usr/bin/env python3
"""How good a brain's moves are in undecided positions, judged by a stronger brain.

    python3 judged_moves.py --positions MATCH_DIR... > positions.txt
    python3 judged_moves.py BRAIN MS JUDGE JUDGE_MS positions.txt [--cache FILE] > result.txt
    python3 judged_moves.py --compare RESULT_A RESULT_B

`--positions` reads matches saved by `scripts/match.py --save DIR --logs` (the games and the
engines' logs, read with `scripts/games_archive.py`) against an engine that prints
its evaluation as `Eval N` (Rapfi does) and prints up to two positions a game (seeded) where our
engine (the one whose MESSAGE lines say `depth D score S`) is to move, the opponent's last
evaluation is within +-150 and no win is announced, from the first logged move plus
`QRANGE=LO,HI` plies (default 0,20): `match game moves...`, one a line.

For each position BRAIN moves in MS ms; then JUDGE thinks JUDGE_MS ms in the position after
that move and its `Eval` (for its side to move, BRAIN's opponent) is read; the move's value is
minus that, clipped to +-600 (an announced win or loss counts as 600). When the judge answers
at once with an evaluation of under 20,000 nodes (the forced block of a four: Rapfi then
prints a shallow evaluation), its answer is played and the judge judges the next position, up
to six times, the sign following the side it moves for. Judgements are kept in
the cache by position and move (default `judge-cache.json`), so a move gets the same value in
every run. Prints each position's move and value, then the mean win probability
logistic(value / 200) (Rapfi's scale) and the mean value.

`--compare` pairs two results position by position: how many moves agree, the mean difference
of B over A with its standard error, and in how many positions B's move is judged better and
worse (a sign test of those counts is the sharper figure: a few clipped values dominate the mean).
"""

import json
import math
import os
import random
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../../scripts"))
from games_archive import game_label, logged_games  # noqa: E402
from opponent_mates import start_brain, stop_brain  # noqa: E402

LOGGED = re.compile(r"(\d+) (black|white) ([\d,]+): MESSAGE (.*)")
EVAL = re.compile(r"Eval ([+-]?M?-?\d+)")
NODES = re.compile(r"Node (\d+(?:\.\d+)?)([KM]?)")
# A judgement from fewer nodes than this is the judge's instant answer to a forced move (the
# block of a four), not a search: the judge plays its answer and judges the next position.
FORCED_NODES = 20_000
FORCED_STEPS = 6
CLIP = 600


def coord(reply):
    x, y = map(int, reply.split(","))
    return f"{chr(97 + x)}{15 - y}"


def positions(folders, per_game=2, seed=1):
    lo, hi = map(int, os.environ.get("QRANGE", "0,20").split(","))
    rng = random.Random(seed)
    for d in folders:
        try:
            logged = logged_games(d)
        except (FileNotFoundError, ValueError) as e:
            sys.exit(str(e))
        for game in logged:
            moves = game.words
            ours, evals, first = None, {}, None
            with open(game.log) as f:
                for line in f:
                    m = LOGGED.match(line)
                    if not m:
                        continue
                    n = int(m.group(1))
                    if first is None:
                        first = n
                    if re.search(r"depth \d+ score", m.group(4)):
                        ours = m.group(2)
                    e = EVAL.search(m.group(4))
                    if e:
                        evals[n] = e.group(1)
            if ours is None or first is None:
                continue
            cands = []
            for n in range(first + lo, first + hi):
                if n > len(moves):
                    break
                if ("black" if n % 2 == 1 else "white") != ours:
                    continue
                prev = evals.get(n - 1)
                if prev is None and n > first:
                    continue
                if prev is not None and ("M" in prev or abs(int(prev)) > 150):
                    break
                cands.append(n)
            for n in rng.sample(cands, min(per_game, len(cands))):
                print(*game_label(d, game).rsplit("/", 1), " ".join(moves[: n - 1]))


def ask(brain, moves, ms):
    """The brain's move in the position, the last `Eval` it printed and its `Node` count."""
    p = start_brain(brain, moves, ms, 0)
    move = evaluation = None
    nodes = 0
    for line in p.stdout:
        if line.startswith("MESSAGE"):
            e = EVAL.search(line)
            if e:
                evaluation = e.group(1)
            n = NODES.search(line)
            if n:
                nodes = float(n.group(1)) * {"": 1, "K": 1e3, "M": 1e6}[n.group(2)]
        elif re.match(r"^\d+,\d+\s*$", line):
            move = coord(line.strip())
            break
    stop_brain(p)
    return move, evaluation, nodes


def judge_value(judge, moves, judge_ms):
    """The value for the side that just moved of the position after `moves`, by the judge: its
    evaluation for its side to move, negated; past forced answers (the judge answers a four at
    once, with an evaluation of a few hundred nodes), the evaluation of the first position it
    searched, with the sign of the side it moved for."""
    sign = -1
    moves = list(moves)
    for _ in range(FORCED_STEPS):
        reply, evaluation, nodes = ask(judge, moves, judge_ms)
        if evaluation is None or "M" in evaluation or nodes >= FORCED_NODES or reply is None:
            break
        moves.append(reply)
        sign = -sign
    return sign * value(evaluation)


def value(evaluation):
    if evaluation is None:
        return 0
    if "M" in evaluation:
        return -CLIP if evaluation.startswith("-") else CLIP
    return max(-CLIP, min(CLIP, int(evaluation)))


def load(path):
    out = []
    with open(path) as f:
        for line in f:
            w = line.split()
            if len(w) == 4 and re.match(r"^-?\d+$", w[3]) and not w[0].startswith("/"):
                out.append((w[2], int(w[3])))
    return out


def compare(a_path, b_path):
    a, b = load(a_path), load(b_path)
    n = min(len(a), len(b))
    diffs = [b[i][1] - a[i][1] for i in range(n)]
    same = sum(a[i][0] == b[i][0] for i in range(n))
    mean = sum(diffs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1))
    better, worse = sum(x > 0 for x in diffs), sum(x < 0 for x in diffs)
    print(
        f"{b_path} over {a_path}: {n} positions, same move {same}, "
        f"mean difference {mean:+.1f} +- {sd / math.sqrt(n):.1f} (1 SE), "
        f"better {better}, worse {worse}"
    )


def main():
    args = sys.argv[1:]
    if args and args[0] == "--positions":
        positions(args[1:])
        return
    if args and args[0] == "--compare":
        compare(args[1], args[2])
        return
    if len(args) < 5:
        sys.exit(__doc__)
    brain, ms, judge, judge_ms, path = args[0], int(args[1]), args[2], int(args[3]), args[4]
    cache_path = args[args.index("--cache") + 1] if "--cache" in args else "judge-cache.json"
    cache = {}
    if os.path.exists(cache_path):
        with open(cache_path) as f:
            cache = json.load(f)
    values = []
    with open(path) as f:
        lines = f.read().splitlines()
    for line in lines:
        w = line.split()
        tag, moves = w[:2], w[2:]
        move = ask(brain, moves, ms)[0]
        if move is None:
            sys.exit(f"{brain} gave no move in {' '.join(moves)}")
        key = f"v2|{' '.join(moves)}|{move}|{judge_ms}"
        if key not in cache:
            cache[key] = judge_value(judge, moves + [move], judge_ms)
            with open(cache_path + ".tmp", "w") as out:
                json.dump(cache, out)
            os.replace(cache_path + ".tmp", cache_path)
        v = cache[key]
        values.append(v)
        print(tag[0], tag[1], move, v, flush=True)
    n = len(values)
    win = sum(1 / (1 + math.exp(-v / 200)) for v in values) / n
    print(f"{brain} {ms} ms: {n} positions, mean win probability {win:.4f}, mean value {sum(values) / n:.1f}")


if __name__ == "__main__":
    main()
