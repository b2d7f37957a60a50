#!/usr/bin/env python3
"""Where games against an engine that prints `Eval` (Rapfi) are decided, from matches saved by
`scripts/match.py --save` (the folder and its report `FOLDER.txt` beside it):

1. our result by our first search's score after the opening (its `MESSAGE depth D score S`);
2. in the games where the opponent announced a win (`Eval +M..`), our own score at that moment.

    python3 first_scores.py MATCH_DIR...
"""

import collections
import glob
import os
import re
import sys

OURS = re.compile(r"^depth \d+ score (-?\d+)")
RESULT = re.compile(r"game\s+(\d+): A is \w+: (A|B|draw)")
LOGGED = re.compile(r"(\d+) (?:black|white) [\d,]+: MESSAGE (.*)")
BUCKETS = [(-10**9, -300), (-300, -100), (-100, 100), (100, 300), (300, 10**9)]


def bucket(score, edges):
    for lo, hi in edges:
        if lo < score <= hi:
            return (lo, hi)
    return edges[-1]


def label(b):
    lo, hi = b
    if lo < -10**8:
        return f"<= {hi}"
    if hi > 10**8:
        return f"> {lo}"
    return f"{lo} to {hi}"


def main():
    by_first = collections.defaultdict(lambda: [0, 0, 0])
    at_mate = collections.Counter()
    announced = games = 0
    for d in sys.argv[1:]:
        d = d.rstrip("/")
        with open(d + ".txt") as f:
            results = {int(m.group(1)): m.group(2) for m in RESULT.finditer(f.read())}
        for g, r in sorted(results.items()):
            log = os.path.join(d, f"game{g:03d}.log")
            if not os.path.exists(log):
                continue
            ours, first_mate_score, last = [], None, None
            with open(log) as f:
                for line in f:
                    m = LOGGED.match(line)
                    if not m:
                        continue
                    s = OURS.search(m.group(2))
                    if s:
                        last = int(s.group(1))
                        ours.append(last)
                    elif "Eval +M" in m.group(2) and first_mate_score is None:
                        first_mate_score = last if last is not None else "none"
            if not ours:
                continue
            games += 1
            by_first[bucket(ours[0], BUCKETS)]["A B draw".split().index(r)] += 1
            if first_mate_score is not None:
                announced += 1
                at_mate[
                    "none" if first_mate_score == "none"
                    else bucket(first_mate_score, [(-10**9, -1000), (-1000, -300), (-300, 0), (0, 10**9)])
                ] += 1
    print(f"{games} games")
    print("our first score after the opening -> our W-L-D, score")
    for b in BUCKETS:
        w, l, dr = by_first[b]
        n = w + l + dr
        if n:
            print(f"  {label(b)}: {w}-{l}-{dr} of {n}: {100 * (w + dr / 2) / n:.0f}%")
    print(f"opponent announced a win in {announced} games; our score at that moment:")
    for k, v in sorted(at_mate.items(), key=lambda kv: (kv[0] == "none", kv[0])):
        print(f"  {k if k == 'none' else label(k)}: {v}")


if __name__ == "__main__":
    main()
