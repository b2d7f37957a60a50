#!/usr/bin/env python3
"""Summarises an SPSA run of `scripts/spsa.py` as a Markdown table.

    python3 spsa_summary.py PARAMS LOG

PARAMS is the run's parameter file (`NAME START STEP MIN MAX` a line), LOG its `--log` file (a
line per pair: the pair's number, its result for the plus side, then every value after it).
For each parameter: where it started, where it ended, its mean over the last fifth of the pairs
(the end point with less of the last steps' noise) and how far that mean moved, in STEPs (the
run's perturbation: a move well under one step is within what the run can tell apart).
"""

import sys


def main():
    params = [line.split() for line in open(sys.argv[1]) if line.split("#")[0].strip()]
    # In the order the pairs ended (two workers finish them out of turn): the last line holds
    # the final values.
    rows = [line.split() for line in open(sys.argv[2])]
    tail = rows[int(len(rows) * 0.8):]
    mean_result = sum(int(r[1]) for r in rows) / len(rows)
    print(f"{len(rows)} pairs, mean result for the plus side {mean_result:+.3f}")
    print("| parameter | start | end | mean of the last fifth | moved, in steps |")
    print("|---|---|---|---|---|")
    for k, (name, start, step, _, _) in enumerate(params):
        start, step = float(start), float(step)
        end = float(rows[-1][2 + k])
        mean = sum(float(r[2 + k]) for r in tail) / len(tail)
        print(f"| {name} | {start:g} | {end:.3g} | {mean:.3g} | {(mean - start) / step:+.2f} |")


if __name__ == "__main__":
    main()
