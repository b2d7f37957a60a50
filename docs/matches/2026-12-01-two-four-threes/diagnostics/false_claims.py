"""Games in which our brain claimed a proven win and did not win.

    python3 false_claims.py MATCH.txt...

Each MATCH.txt is a report of `scripts/match.py` with its `--save` folder beside it (MATCH/,
holding `gameNNN.log`). A claim is a MESSAGE line of ours with a score of 29,000 or more marked
`(solved)` (Rapfi's lines have another form and are not counted). Prints, per match, the games
read, how many games each side claimed a win in, and the games where the claimant did not win.
"""

import os
import re
import sys


def main():
    for report in sys.argv[1:]:
        folder = report[: -len(".txt")]
        claims = {"A": 0, "B": 0}
        not_won = {"A": [], "B": []}
        games = 0
        for line in open(report):
            m = re.match(r"game\s+(\d+): A is (\w+): (\w+)", line)
            if not m:
                continue
            number, a_colour, winner = int(m.group(1)), m.group(2), m.group(3)
            log = os.path.join(folder, f"game{number:03d}.log")
            if not os.path.exists(log):
                continue
            games += 1
            text = open(log).read()
            b_colour = "white" if a_colour == "black" else "black"
            for side, colour in (("A", a_colour), ("B", b_colour)):
                claim = rf"^\d+ {colour} [\d,]+: MESSAGE depth \d+ score 29\d\d\d \(solved\)"
                if re.search(claim, text, re.M):
                    claims[side] += 1
                    if winner != side:
                        not_won[side].append(number)
        print(
            f"{report}: {games} games; claims A {claims['A']} B {claims['B']}; "
            f"claimed and not won: A {not_won['A']} B {not_won['B']}"
        )


if __name__ == "__main__":
    main()
