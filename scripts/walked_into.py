#!/usr/bin/env python3
"""How often a brain avoids the move that walked into a stronger opponent's forced win.

    python3 scripts/walked_into.py --positions MATCH_DIR [MATCH_DIR ...] > positions.txt
    python3 scripts/walked_into.py BRAIN MS JUDGE JUDGE_MS POSITIONS_FILE [--rule 0|1|4]

Each folder is one saved by `scripts/match.py --save DIR --logs` (the logs are not kept in
docs/matches/) against an engine that reports a proven win as `Eval +M<plies>` in its MESSAGE
lines (Rapfi does). For each game where it did, the test is the position before our move that
came just before that first announcement: the opponent's move before it announced no win, and
after our move it did, so our move (most often) walked into the win. `--positions` prints those
positions (`game moves`, one per line).

The measure: BRAIN moves in each position in MS milliseconds; then JUDGE (a Gomocup brain that
announces wins as above, the opponent itself for instance) thinks JUDGE_MS milliseconds in the
position after that move. The move avoided the loss when the judge announces no win. Prints each
position with the move and the verdict, then the count. Some positions were lost before our
move (the opponent saw its win late), so no brain avoids every one. Figures for diagnosis, not a
test: `gomoku-brain` at 0.2 s avoided 65 and 66 of 225 positions in two runs, and 94 at 1 s
(`docs/matches/2026-11-29-block-extension/`).
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
from games_archive import game_label, logged_games  # noqa: E402
from opponent_mates import MATE, start_brain, stop_brain  # noqa: E402

LOGGED = re.compile(r"(\d+) (black|white) ")
REPLY = re.compile(r"^(\d+),(\d+)\s*$")


def walked_positions(folder):
    """(game, moves before our move that walked into the first announced win) for each game."""
    try:
        games = logged_games(folder)
    except (FileNotFoundError, ValueError) as e:
        sys.exit(str(e))
    for game in games:
        first_logged = announced = None
        with open(game.log) as f:
            for line in f:
                m = LOGGED.match(line)
                if m and first_logged is None:
                    first_logged = int(m[1])
                m = MATE.match(line)
                if m:
                    announced = int(m[1])
                    break
        # The opponent's move before the announcement must be one it chose (not an opening
        # stone), so that it saw no win there.
        if announced is None or announced - 2 < first_logged:
            continue
        yield game_label(folder, game), game.words[: announced - 2]


def positions_in(path):
    """(name, moves) from a file written by `--positions`."""
    try:
        with open(path) as f:
            lines = f.readlines()
    except OSError as e:
        sys.exit(f"cannot read {path}: {e}")
    for number, line in enumerate(lines, 1):
        fields = line.split()
        if not fields:
            continue
        if len(fields) > 2:
            sys.exit(f"{path}:{number}: expected `name moves`, got {line.strip()!r}")
        yield fields[0], re.findall(r"[a-o]\d+", fields[1] if len(fields) == 2 else "")


def ask(brain, moves, ms, rule):
    """The move `brain` plays after `moves`, and whether it announced a win on the way."""
    p = start_brain(brain, moves, ms, rule)
    announced = False
    move = None
    for line in p.stdout:
        if line.startswith("MESSAGE"):
            announced = announced or "Eval +M" in line
        elif m := REPLY.match(line):
            move = f"{chr(97 + int(m[1]))}{15 - int(m[2])}"
            break
    stop_brain(p)
    return move, announced


def main():
    args = sys.argv[1:]
    rule = 0
    if "--rule" in args:
        k = args.index("--rule")
        if k + 1 >= len(args) or args[k + 1] not in ("0", "1", "4"):
            sys.exit("--rule takes 0 (freestyle), 1 (standard) or 4 (renju)")
        rule = int(args[k + 1])
        del args[k : k + 2]
    if args and args[0] == "--positions":
        for folder in args[1:]:
            for name, moves in walked_positions(folder):
                print(name, "".join(moves))
        return
    if len(args) != 5 or not args[1].isdigit() or not args[3].isdigit():
        sys.exit(__doc__.strip().splitlines()[3].strip())
    brain, ms, judge, judge_ms, path = args[0], int(args[1]), args[2], int(args[3]), args[4]
    avoided = total = 0
    for name, moves in positions_in(path):
        move, _ = ask(brain, moves, ms, rule)
        if move is None:
            sys.exit(f"{name}: {brain} gave no move")
        reply, lost = ask(judge, moves + [move], judge_ms, rule)
        if reply is None:
            sys.exit(f"{name}: {judge} gave no move after {move}")
        total += 1
        avoided += not lost
        print(name, move, "walked" if lost else "avoided", flush=True)
    print(f"{brain}: avoided {avoided} of {total} at {ms} ms (judge {judge_ms} ms)")


if __name__ == "__main__":
    main()
