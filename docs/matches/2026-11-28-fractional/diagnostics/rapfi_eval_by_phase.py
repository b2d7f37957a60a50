#!/usr/bin/env python3
"""When are games against Rapfi decided? Reads the logs `scripts/match.py --save` writes (engine A
ours, engine B Rapfi, whose MESSAGE lines carry `Eval N` or `Eval +M..`/`-M..` for a found mate,
read by `scripts/label_with_brain.py`'s `parse_score`, which counts a mate as +-3000).

    python3 rapfi_eval_by_phase.py MATCH_DIR RESULT_TXT

For the games each side won: Rapfi's own evaluation (its view, 200 units to a log-odds of about
one) at its 1st, 5th and 10th move after the opening, and our engine's score at its first move.
For the games Rapfi won: from which of its moves its evaluation stays at 1,000 or more to the
end (counted from its first move after the opening, in groups of five), and our engine's own
score at its move just before that.
"""
import glob
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4, "scripts"))
from label_with_brain import parse_score  # noqa: E402


def games(match_dir, result_txt):
    """(winner 'A'/'B', [(side 'A'/'B', ply, value)]) per decided game with a log."""
    colour = {}
    for line in open(result_txt):
        m = re.match(r"game\s+(\d+): A is (black|white): (A|B)", line)
        if m:
            colour[int(m.group(1))] = (m.group(2), m.group(3))
    for path in sorted(glob.glob(match_dir + "/*.log")):
        number = int(re.search(r"game(\d+)", path).group(1))
        if number not in colour:
            continue
        a_colour, winner = colour[number]
        seq = []
        for line in open(path):
            m = re.match(r"(\d+) (black|white) [\d,]+: MESSAGE (.*)", line)
            if not m:
                continue
            ply, side, text = int(m.group(1)), m.group(2), m.group(3)
            value = parse_score([text])
            if value is not None:
                seq.append(("A" if side == a_colour else "B", ply, value))
        yield winner, seq


def summary(values):
    values = sorted(values)
    if not values:
        return "-"
    n = len(values)
    high = sum(1 for v in values if v >= 300)
    low = sum(1 for v in values if v <= -300)
    return f"median {values[n // 2]:6d}, >= 300 in {high:3d}, <= -300 in {low:3d} of {n}"


def main():
    match_dir, result_txt = sys.argv[1], sys.argv[2]
    by_winner = {"A": [], "B": []}
    for winner, seq in games(match_dir, result_txt):
        by_winner[winner].append(seq)
    for winner, name in (("A", "won by us"), ("B", "won by Rapfi")):
        seqs = by_winner[winner]
        print(f"games {name}: {len(seqs)}")
        for k, label in ((0, "1st"), (4, "5th"), (9, "10th")):
            vals = [r[k][2] for r in ([v for v in s if v[0] == "B"] for s in seqs) if len(r) > k]
            print(f"  Rapfi's evaluation at its {label:4s} move: {summary(vals)}")
        firsts = [next((v[2] for v in s if v[0] == "A"), None) for s in seqs]
        print(f"  our score at our first move:        {summary([v for v in firsts if v is not None])}")
    print("games won by Rapfi: its evaluation at 1,000 or more to the end from its move")
    groups, ours = {}, []
    for seq in by_winner["B"]:
        rapfi = [(p, v) for side, p, v in seq if side == "B"]
        k = len(rapfi)
        while k > 0 and rapfi[k - 1][1] >= 1000:
            k -= 1
        if k == len(rapfi):
            continue
        group = k // 5 * 5
        groups[group] = groups.get(group, 0) + 1
        before = [v for side, p, v in seq if side == "A" and p < rapfi[k][0]]
        if before:
            ours.append(before[-1])
    for g in sorted(groups):
        print(f"  {g + 1:3d} to {g + 5:3d}: {groups[g]:3d} games")
    print(
        "  our score at our move before it: >= 0 in",
        sum(1 for v in ours if v >= 0),
        ", -300 to 0 in",
        sum(1 for v in ours if -300 <= v < 0),
        ", below -300 in",
        sum(1 for v in ours if v < -300),
    )


if __name__ == "__main__":
    main()
