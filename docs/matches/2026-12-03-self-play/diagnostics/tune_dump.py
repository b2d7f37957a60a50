"""Reads a TUNE_DUMP file of `tune_eval` (written with TUNE_COMBOS=1) for the fits beside it.

Each line: held-out flag, target, result, colour, then `index:value` pairs of the features
(209) and of both sides' combinations (2 x 330)."""
import numpy as np

FEATURES = 209
COMBOS = 330


def load(path):
    """Returns (X, held, target, result, colour): the feature matrix (float32, one row a
    position), the held-out mask, the search targets, the game results and the side to move."""
    rows, cols, vals, held, target, result, colour = [], [], [], [], [], [], []
    with open(path) as f:
        for i, line in enumerate(f):
            p = line.split()
            held.append(int(p[0]))
            target.append(float(p[1]))
            result.append(float(p[2]))
            colour.append(float(p[3]))
            for t in p[4:]:
                k, v = t.split(":")
                rows.append(i)
                cols.append(int(k))
                vals.append(float(v))
    X = np.zeros((len(held), FEATURES + 2 * COMBOS), dtype=np.float32)
    X[np.array(rows, dtype=int), np.array(cols, dtype=int)] = np.array(vals, dtype=np.float32)
    return (X, np.array(held) == 1, np.array(target, dtype=np.float32),
            np.array(result, dtype=np.float32), np.array(colour, dtype=np.float32))
