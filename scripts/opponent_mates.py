#!/usr/bin/env python3
"""How many of a stronger opponent's forced wins a brain finds in the same positions.

    python3 scripts/opponent_mates.py BRAIN MS MATCH_DIR [MATCH_DIR ...] [--rule 0|1|4]
    python3 scripts/opponent_mates.py --positions MATCH_DIR [MATCH_DIR ...]
    python3 scripts/opponent_mates.py BRAIN MS --from POSITIONS_FILE [--rule 0|1|4]

Each folder is one saved by `scripts/match.py --save DIR --logs` (the logs are not kept in
docs/matches/) against an engine that reports a proven win as `Eval +M<plies>` in its MESSAGE
lines (Rapfi does). For each game where it did, the position before the move where it first
reported one is the test: BRAIN (any Gomocup brain) moves there in MS milliseconds as the side
that had the win, and finds it when its MESSAGE reports a win: a score of 29000 or more
(`gomoku-brain`'s scale), or `Eval +M<plies>` (Rapfi's own announcement, printed as 30000 less
the plies), so the opponent itself can be measured the same way, moving fresh in each position.
Prints each position with the score, then the count. `--positions` prints the positions only
(`game plies moves`, one per line), the input of `examples/vct_probe.rs`, which measures the
threat solver alone on them; `--from` reads such a file instead of the folders (the logs need
not be kept).
Figures for diagnosis, not a test.
"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from games_archive import game_label, logged_games  # noqa: E402

MATE = re.compile(r"(\d+) (black|white) [\d,]+: MESSAGE .*Eval \+M(\d+)")
SCORE = re.compile(r"score (-?\d+)")
ANNOUNCED = re.compile(r"Eval \+M(\d+)")


def mate_positions(folder):
    """(game, plies to mate, moves before the first announced mate) for each game."""
    try:
        games = logged_games(folder)
    except (FileNotFoundError, ValueError) as e:
        sys.exit(str(e))
    for game in games:
        first = None
        with open(game.log) as f:
            for line in f:
                m = MATE.match(line)
                if m:
                    first, plies = int(m[1]), int(m[3])
                    break
        if first is None:
            continue
        yield game_label(folder, game), plies, game.words[: first - 1]


def positions_in(path):
    """(name, plies to mate, moves) from a file written by `--positions`."""
    with open(path) as f:
        for line in f:
            fields = line.split()
            if len(fields) in (2, 3):
                moves = fields[2] if len(fields) == 3 else ""
                yield fields[0], int(fields[1]), re.findall(r"[a-o]\d+", moves)


def start_brain(brain, moves, ms, rule):
    """`brain` started and asked to move in the position after `moves` (it is thinking when
    this returns; read its output, then send END). Exits with a message if it cannot start."""
    try:
        p = subprocess.Popen(
            [brain], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
    except OSError as e:
        sys.exit(f"cannot start {brain}: {e}")
    # No game clock, but some engines (Rapfi, AIWine) read time_left whatever the limit is.
    lines = [
        "START 15",
        f"INFO timeout_turn {ms}",
        "INFO timeout_match 0",
        "INFO time_left 100000000",
        f"INFO rule {rule}",
        "BOARD",
    ]
    n = len(moves)
    for i, m in enumerate(moves):
        x, y = ord(m[0]) - 97, 15 - int(m[1:])
        lines.append(f"{x},{y},{1 if (n - i) % 2 == 0 else 2}")
    lines.append("DONE")
    try:
        p.stdin.write("\n".join(lines) + "\n")
        p.stdin.flush()
    except BrokenPipeError:
        pass  # it quit at once: the caller reads no reply
    return p


def stop_brain(p):
    """Sends END to a brain started by `start_brain` and waits for it to quit."""
    try:
        p.stdin.write("END\n")
        p.stdin.close()
    except BrokenPipeError:
        pass
    p.wait()


def score_of(brain, moves, ms, rule):
    """The score `brain` reports for its move in the position after `moves`."""
    p = start_brain(brain, moves, ms, rule)
    last = ""
    announced = None
    score = None
    for line in p.stdout:
        if line.startswith("MESSAGE"):
            last = line
            if "Eval " in line:
                m = ANNOUNCED.search(line)
                announced = 30000 - int(m[1]) if m else None
        elif re.match(r"^\d+,\d+", line):
            m = SCORE.search(last)
            score = int(m[1]) if m else announced
            break
    stop_brain(p)
    return score


def main():
    args = sys.argv[1:]
    rule = 0
    if "--rule" in args:
        k = args.index("--rule")
        rule = int(args[k + 1])
        del args[k : k + 2]
    if args and args[0] == "--positions":
        for folder in args[1:]:
            for name, plies, moves in mate_positions(folder):
                print(name, plies, "".join(moves))
        return
    if len(args) < 3:
        print(__doc__.strip().splitlines()[2].strip())
        sys.exit(2)
    brain, ms, folders = args[0], int(args[1]), args[2:]
    if folders[0] == "--from":
        if len(folders) != 2:
            sys.exit("--from takes one file of positions (as --positions writes them)")
        positions = list(positions_in(folders[1]))
    else:
        positions = [p for folder in folders for p in mate_positions(folder)]
    found = total = 0
    for name, plies, moves in positions:
        score = score_of(brain, moves, ms, rule)
        total += 1
        found += score is not None and score >= 29000
        print(name, f"M{plies}", score, flush=True)
    print(f"{brain}: found {found} of {total} forced wins at {ms} ms")


if __name__ == "__main__":
    main()
