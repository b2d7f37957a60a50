#!/usr/bin/env python3
"""Summarises an SPSA run of `scripts/spsa.py` as a Markdown table.

    python3 spsa_summary.py PARAMS LOG

PARAMS is the run's parameter file (`NAME START STEP MIN MAX` a line), LOG its `--log` file (a
line per pair, in the order the pairs ended: the pair's number, its result for the plus side,
then every value after it). For each parameter:

- where it started and where it ended, its mean over the last fifth of the pairs (the end
  point with less of the last steps' noise) and how far that mean moved, in STEPs (the run's
  perturbation: a move well under one step is within what the run can tell apart);
- the pairs' slope: the mean over all pairs of the plus side's result times the sign the
  parameter had on the plus side, with its standard error. The sign is read back from the log
  (a decided pair moves every value in the direction of result times sign), so a pair whose
  value was held at MIN or MAX counts as 0. Zero: the parameter did not matter at its
  perturbation.
"""

import math
import sys


def main():
    params = [line.split() for line in open(sys.argv[1]) if line.split("#")[0].strip()]
    # In the order the pairs ended (two workers finish them out of turn): each line's values
    # follow the line before it, and the last line holds the final values.
    rows = [line.split() for line in open(sys.argv[2])]
    tail = rows[int(len(rows) * 0.8):]
    n = len(rows)
    mean_result = sum(int(r[1]) for r in rows) / n
    print(f"{n} pairs, mean result for the plus side {mean_result:+.3f}")
    print("| parameter | start | end | mean of the last fifth | moved, in steps | slope |")
    print("|---|---|---|---|---|---|")
    before = [float(p[1]) for p in params]
    slope = [0.0] * len(params)
    squares = 0.0
    for r in rows:
        result = int(r[1])
        values = [float(v) for v in r[2:]]
        squares += result * result
        for k, (old, new) in enumerate(zip(before, values)):
            moved = (new - old) * result
            slope[k] += result * ((moved > 0) - (moved < 0))
        before = values
    error = math.sqrt(squares) / n
    for k, (name, start, step, _, _) in enumerate(params):
        start, step = float(start), float(step)
        end = float(rows[-1][2 + k])
        mean = sum(float(r[2 + k]) for r in tail) / len(tail)
        print(f"| {name} | {start:g} | {end:.3g} | {mean:.3g} | {(mean - start) / step:+.2f} "
              f"| {slope[k] / n:+.3f} ± {error:.3f} |")


if __name__ == "__main__":
    main()
