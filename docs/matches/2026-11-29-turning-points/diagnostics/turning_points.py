#!/usr/bin/env python3
"""Where games against Rapfi turn, read from saved match logs (`scripts/match.py --save`).

    python3 turning_points.py FOLDER... [--surprises DROP LIMIT | --largest-changes AT_LEAST]

Each FOLDER is a match folder of our brain (A) against Rapfi (B), read with
`scripts/games_archive.py`: its games with their results (from the match's report, `FOLDER.txt`
beside it, when the games lack them) and the games' `.log` files (`match.py --save DIR --logs`;
the engines' MESSAGE lines: ours print `score S`, Rapfi prints `Eval E`, `+M<plies>` for a
proven win).

Prints, for the games we lost: how long before its first announced win Rapfi's evaluation passed
100, 200, 400 and 800; the largest change of Rapfi's evaluation over one of our moves; who saw
the game tilt first; and, over all games, how our own score at a move predicts the result
(calibration). With `--surprises DROP LIMIT` it prints instead, for each lost game, the first
of our moves scored above -LIMIT after which our own score two plies later was DROP or more
lower: `name before->after moves_before our_move their_reply` (input of `replay_probe.py`).
With `--largest-changes AT_LEAST` it prints, in the same form, the move of each lost game over
which Rapfi's evaluation rose most, when it rose by AT_LEAST or more (`name change ...`).
"""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../../scripts"))
from games_archive import game_label, logged_games  # noqa: E402

EVAL = re.compile(r"Eval ([-+]?M?-?\d+)")
SCORE = re.compile(r"score (-?\d+)")
MATE = 20000


def rapfi_value(text):
    """Rapfi's evaluation as a number; a proven win or loss as +-MATE."""
    if "M" in text:
        return -MATE if text.startswith("-") else MATE
    return int(text)


def games(folders):
    """(name, our result 1/0.5/0, Rapfi's eval by move number, our score by move number, moves)."""
    for folder in folders:
        folder = folder.rstrip("/")
        try:
            logged = logged_games(folder)
        except (FileNotFoundError, ValueError) as e:
            sys.exit(str(e))
        for game in logged:
            m = re.match(r"A is (?:black|white): (\w+)", game.result)
            if not m:
                continue
            result = {"A": 1.0, "B": 0.0}.get(m[1], 0.5)
            rapfi, ours = {}, {}
            with open(game.log) as f:
                for line in f:
                    n = int(line.split()[0])
                    if e := EVAL.search(line):
                        rapfi[n] = rapfi_value(e[1])
                    if s := SCORE.search(line):
                        ours[n] = int(s[1])
            yield game_label(folder, game), result, rapfi, ours, game.words


def quantiles(xs):
    xs = sorted(xs)
    n = len(xs)
    if n == 0:
        return "none"
    return (f"{n} values, median {xs[n // 2]}, quartiles {xs[n // 4]} and {xs[3 * n // 4]}, "
            f"90th percentile {xs[9 * n // 10]}")


def first_at_least(values, threshold):
    return next((n for n in sorted(values) if values[n] >= threshold), None)


def summary(all_games):
    lost = [g for g in all_games if g[1] == 0.0]
    print(f"{len(all_games)} games, {len(lost)} lost")
    print("\nPlies from Rapfi's evaluation first reaching T to its first announced win, lost games:")
    for t in (100, 200, 400, 800):
        gaps = []
        for _, _, rapfi, _, _ in lost:
            a, b = first_at_least(rapfi, t), first_at_least(rapfi, MATE)
            if a is not None and b is not None:
                gaps.append(b - a)
        print(f"  T = {t}: {quantiles(gaps)}")
    print("\nChange of Rapfi's evaluation over one of our moves (its view; both evaluations within +-3000):")
    for label, chosen in (("lost games", lost), ("other games", [g for g in all_games if g[1] > 0])):
        jumps = []
        for _, _, rapfi, _, _ in chosen:
            jumps += [rapfi[n + 2] - rapfi[n] for n in rapfi
                      if n + 2 in rapfi and abs(rapfi[n]) < 3000 and abs(rapfi[n + 2]) < 3000]
        print(f"  {label}: {quantiles(jumps)}, 99th percentile {sorted(jumps)[99 * len(jumps) // 100]}")
    worst = []
    for _, _, rapfi, _, _ in lost:
        jumps = [rapfi[n + 2] - rapfi[n] for n in rapfi
                 if n + 2 in rapfi and abs(rapfi[n]) < 3000 and abs(rapfi[n + 2]) < 3000]
        if jumps:
            worst.append(max(jumps))
    print(f"  the largest per lost game: {quantiles(worst)}; "
          + ", ".join(f"{sum(w >= t for w in worst)} of {len(worst)} at {t} or more" for t in (100, 200, 300)))
    print("\nWho saw a decided game tilt first (lost: Rapfi's evaluation >= T against our score <= -T;"
          " won: the other way round):")
    won = [g for g in all_games if g[1] == 1.0]
    for t in (100, 200, 600):
        counts = []
        for chosen, sign in ((lost, 1), (won, -1)):
            ours_first = rapfi_first = 0
            for _, _, rapfi, ours, _ in chosen:
                a = first_at_least({n: sign * v for n, v in rapfi.items()}, t)
                b = first_at_least({n: -sign * s for n, s in ours.items()}, t)
                if a is not None and b is not None:
                    ours_first += b < a
                    rapfi_first += a < b
            counts.append(f"ours first in {ours_first}, Rapfi first in {rapfi_first}")
        print(f"  T = {t}: lost games: {counts[0]}; won games: {counts[1]}")
    print("\nOur score at a move against the game's result and Rapfi's next evaluation (our view):")
    bins = [-30000, -2000, -1000, -500, -200, 0, 200, 500, 1000, 2000, 29000, 30001]
    for lo, hi in zip(bins, bins[1:]):
        results, theirs = [], []
        for _, result, rapfi, ours, _ in all_games:
            for n, s in ours.items():
                if lo <= s < hi:
                    results.append(result)
                    if n + 1 in rapfi and abs(rapfi[n + 1]) < MATE:
                        theirs.append(-rapfi[n + 1])
        if results:
            theirs.sort()
            median = theirs[len(theirs) // 2] if theirs else "-"
            print(f"  [{lo}, {hi}): {len(results)} moves, our result {sum(results) / len(results):.2f}, "
                  f"Rapfi's evaluation median {median}")


def surprises(all_games, drop, limit):
    for name, result, _, ours, moves in all_games:
        if result != 0.0:
            continue
        for n in sorted(ours):
            before = max(-3000, min(3000, ours[n]))
            after = max(-3000, min(3000, ours.get(n + 2, before)))
            if n + 2 in ours and before > -limit and after - before <= -drop and n < len(moves):
                print(f"{name} {before}->{after} {''.join(moves[:n - 1])} {moves[n - 1]} {moves[n]}")
                break


def largest_changes(all_games, at_least):
    for name, result, rapfi, _, moves in all_games:
        if result != 0.0:
            continue
        changes = [(rapfi[n + 2] - rapfi[n], n + 1) for n in sorted(rapfi)
                   if n + 2 in rapfi and abs(rapfi[n]) < 3000 and abs(rapfi[n + 2]) < 3000]
        change, ours = max(changes, default=(None, None), key=lambda c: c[0])
        if change is not None and change >= at_least and ours < len(moves):
            print(f"{name} {change} {''.join(moves[:ours - 1])} {moves[ours - 1]} {moves[ours]}")


def main():
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        sys.exit(__doc__)
    if "--surprises" in args:
        k = args.index("--surprises")
        try:
            drop, limit = int(args[k + 1]), int(args[k + 2])
        except (IndexError, ValueError):
            sys.exit("--surprises takes two numbers: DROP LIMIT")
        surprises(list(games(args[:k] + args[k + 3:])), drop, limit)
    elif "--largest-changes" in args:
        k = args.index("--largest-changes")
        try:
            at_least = int(args[k + 1])
        except (IndexError, ValueError):
            sys.exit("--largest-changes takes a number: AT_LEAST")
        largest_changes(list(games(args[:k] + args[k + 2:])), at_least)
    else:
        summary(list(games(args)))


if __name__ == "__main__":
    main()
