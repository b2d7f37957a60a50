#!/usr/bin/env python3
"""When Rapfi first announced a proven win in the games we lost, and what we scored then.

    python3 rapfi_mates.py MATCH.txt...

Each MATCH.txt is a report of `scripts/match.py` (our brain A against Rapfi B) with its
`--save` folder beside it (MATCH/, holding `gameNNN.log`: the engines' MESSAGE lines, ours with
`score S`, Rapfi's with `Eval E`, `+M<plies>` for a proven win). Prints one line per lost game:
the match, the game, the move at which Rapfi's evaluation first read `+M`, the plies it
announced, and our last two scores before that move.
"""

import os
import re
import sys


def main():
    for report in sys.argv[1:]:
        folder = report[: -len(".txt")]
        for line in open(report):
            m = re.match(r"game\s+(\d+): A is (\w+): (\w+)", line)
            if not m or m.group(3) != "B":
                continue
            number, colour = int(m.group(1)), m.group(2)
            log = os.path.join(folder, f"game{number:03d}.log")
            if not os.path.exists(log):
                continue
            ours = {}
            first = None
            for entry in open(log):
                e = re.match(r"(\d+) (\w+) [\d,]+: MESSAGE (.*)", entry)
                if not e:
                    continue
                move, side, message = int(e.group(1)), e.group(2), e.group(3)
                if side == colour:
                    s = re.search(r"score (-?\d+)", message)
                    if s:
                        ours[move] = int(s.group(1))
                elif first is None:
                    mate = re.search(r"Eval \+M(\d+)", message)
                    if mate:
                        first = (move, int(mate.group(1)))
            if first is None:
                continue
            before = [ours[k] for k in sorted(ours) if k < first[0]]
            last = before[-1] if before else None
            second = before[-2] if len(before) > 1 else None
            print(
                f"{os.path.basename(folder)} g{number} rapfi-mate-at {first[0]} M{first[1]} "
                f"our-last {last} our-prev2 {second}"
            )


if __name__ == "__main__":
    main()
