#!/usr/bin/env python3
"""Tunes an engine's numeric parameters by SPSA over self-play game pairs, and prints them.

    python3 scripts/spsa.py ENGINE PARAMS --openings FILE [--pairs 1000] [--cores 0,1]
                            [--env GK_NODES=20000 ...] [--r-end 0.01] [--seed 1] [--log FILE]

ENGINE is a Gomocup brain that reads its parameters from environment variables (a build with
experiment knobs; main's brain has none). PARAMS is a text file, one parameter a line:
`NAME START STEP MIN MAX` (`#` starts a comment), where NAME is the variable, START its value
now, STEP the perturbation `c` (how far each side of the current value the two players of a
pair sit: large enough that the two differ measurably in strength) and MIN..MAX its range.

Each iteration (simultaneous perturbation stochastic approximation, the tuning method of
Stockfish's Fishtest): every parameter is moved by +STEP or -STEP, each sign drawn at random;
the engine with the values plus the perturbation plays the one with the values minus it, one
opening (drawn from `--openings`) with each colour, on a 15x15 board under `--rule` (0
freestyle, 1 standard, 4 renju), both engines with the extra `--env` variables (a fixed node
count per move, so that results do not depend on the machine's load). With r the pair's result
for the plus side (wins minus losses, -2..2), each parameter moves by
`R * STEP * r * sign * ((A + 1) / (A + k + 1))^0.602` for the k-th pair (k from 0, A a tenth of
the pairs, R `--r-end`): a step of `R * STEP * r` at first, shrinking as the run goes on (the
gain sequence of Spall's SPSA, which settles the values at the end). One worker per core in
`--cores` plays pairs at the same time, each on its own core (`taskset`), updating the shared
values as its pair ends.

The log (`--log`) gets a line per pair (its iteration, result and the values after it); the
values are printed every 50 pairs and at the end. Figures, not a verdict: the tuned values are
only worth what a match against the engine before them says.
"""

import argparse
import os
import random
import shlex
import shutil
import stat
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(__file__))
import match  # noqa: E402


class Param:
    """One tuned parameter: its variable's name, current value, perturbation and range."""

    def __init__(self, name, start, step, low, high):
        self.name, self.value, self.step, self.low, self.high = name, start, step, low, high

    def clamp(self, v):
        return min(max(v, self.low), self.high)


def read_params(path):
    params = []
    for number, words in match.content_lines(path):
        if len(words) != 5:
            sys.exit(f"{path}:{number}: expected NAME START STEP MIN MAX")
        try:
            start, step, low, high = (float(w) for w in words[1:])
        except ValueError:
            sys.exit(f"{path}:{number}: not numbers: {' '.join(words[1:])}")
        if step <= 0 or not low <= start <= high:
            sys.exit(f"{path}:{number}: STEP must be positive and START within MIN..MAX")
        params.append(Param(words[0], start, step, low, high))
    if not params:
        sys.exit(f"{path}: no parameters")
    return params


def wrapper(folder, name, engine, core, env):
    """A script that runs `engine` on `core` with the variables `env` (the match driver takes
    a program path, not an environment)."""
    path = os.path.join(folder, name)
    exports = " ".join(shlex.quote(f"{k}={v}") for k, v in env.items())
    program = shlex.quote(os.path.abspath(engine))
    with open(path, "w") as f:
        f.write(f"#!/bin/sh\nexec env {exports} taskset -c {core} {program}\n")
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
    return path


def pair_result(paths, opening, rule):
    """Plays `opening` with each colour: paths[0]'s wins minus its losses."""
    r = 0
    for black, white in ((0, 1), (1, 0)):
        winner, _, _, _, _ = match.play_game([paths[black], paths[white]], opening, 15, rule, 1000)
        if winner is not None:
            r += 1 if (black, white)[winner] == 0 else -1
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("engine")
    ap.add_argument("params")
    ap.add_argument("--openings", required=True)
    ap.add_argument("--pairs", type=int, default=1000)
    ap.add_argument("--cores", default="0")
    ap.add_argument("--env", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--r-end", type=float, default=0.01)
    ap.add_argument("--rule", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--log")
    args = ap.parse_args()
    params = read_params(args.params)
    if not os.access(args.engine, os.X_OK):
        sys.exit(f"{args.engine}: not an executable engine")
    if any("=" not in e for e in args.env):
        sys.exit("--env takes NAME=VALUE")
    extra = dict(e.split("=", 1) for e in args.env)
    try:
        cores = [int(c) for c in args.cores.split(",")]
    except ValueError:
        sys.exit(f"--cores takes core numbers separated by commas, not {args.cores!r}")
    openings = match.read_openings(args.openings, None, 15)
    rng = random.Random(args.seed)
    lock = threading.Lock()
    big_a = max(1, args.pairs // 10)
    state = {"next": 0, "done": 0}
    log = open(args.log, "a") if args.log else None
    folder = tempfile.mkdtemp(prefix="spsa-")

    def show(prefix):
        print(prefix, " ".join(f"{p.name}={p.value:.4g}" for p in params), flush=True)

    def worker(core):
        while True:
            with lock:
                k = state["next"]
                if k >= args.pairs:
                    return
                state["next"] += 1
                signs = [rng.choice((-1, 1)) for _ in params]
                opening = rng.choice(openings)
                plus = {p.name: p.clamp(p.value + s * p.step) for p, s in zip(params, signs)}
                minus = {p.name: p.clamp(p.value - s * p.step) for p, s in zip(params, signs)}
            paths = [
                wrapper(folder, f"plus-{core}", args.engine, core, {**extra, **plus}),
                wrapper(folder, f"minus-{core}", args.engine, core, {**extra, **minus}),
            ]
            r = pair_result(paths, opening, args.rule)
            with lock:
                a_scale = ((big_a + 1) / (big_a + k + 1)) ** 0.602
                for p, s in zip(params, signs):
                    p.value = p.clamp(p.value + args.r_end * p.step * a_scale * r * s)
                state["done"] += 1
                if log:
                    log.write(f"{k} {r} " + " ".join(f"{p.value:.5g}" for p in params) + "\n")
                    log.flush()
                if state["done"] % 50 == 0:
                    show(f"after {state['done']} pairs:")

    threads = [threading.Thread(target=worker, args=(c,)) for c in cores]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    shutil.rmtree(folder, ignore_errors=True)
    if log:
        log.close()
    show("final:")


if __name__ == "__main__":
    main()
