#!/usr/bin/env python3
"""Labels positions with the evaluation of any Gomocup brain (a teacher for the evaluation's fit).

    python3 scripts/label_with_brain.py BRAIN MS [--every E] [--shard K/N] < labels.txt > out.txt

The input is `examples/label_positions.rs`'s format, one position a line:
`rule game result score moves` (the moves as `h8 i9 ...`). Each position (every E-th line; of
those, with `--shard K/N`, the K-th of every N, so that N processes can share the work) is sent
to BRAIN with the Gomocup protocol's BOARD command, `MS` milliseconds a move, and the
line is written again with the brain's own score for the side to move in place of `score`.
The score is read from the brain's last MESSAGE before its move: `Eval X` (as Rapfi writes it)
or `score X` (as gomoku-brain does). A forced win or loss (`Eval +M12`, `Eval -M7`) becomes
+-3000. The brain's scale is its own: give it to the fit (`TUNE_LABEL_SCALE`; 200 units to a
log-odds of 1 for Rapfi). Lines the brain did not score are left out, with a note on stderr.
`--moves FILE` also writes the brain's chosen move in each position, `game move moves...` a line
(the policy's teacher: `TUNE_MOVES` of docs/matches/2026-11-27-insearch/'s experiment patch).

The brain is not part of this project: build it yourself, outside the repository.
"""

import argparse
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from match import Engine  # noqa: E402

RULES = {"freestyle": 0, "standard": 1, "renju": 4}
SCORE = re.compile(r"(?:Eval|score) ([+-]?M?-?\d+)")
MATE_SCORE = 3000


def parse_score(messages):
    """The last score the brain reported, or None."""
    for line in reversed(messages):
        found = SCORE.findall(line)
        if found:
            text = found[-1]
            if "M" in text:
                return -MATE_SCORE if text.startswith("-") else MATE_SCORE
            return int(text)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("brain")
    parser.add_argument("ms", type=int)
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--shard", default="0/1")
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--moves", help="also write the brain's chosen moves to this file")
    args = parser.parse_args()
    try:
        shard, shards = (int(v) for v in args.shard.split("/"))
    except ValueError:
        parser.error(f"--shard wants K/N, not {args.shard!r}")
    if not 0 <= shard < shards or args.every < 1:
        parser.error("--shard K/N needs 0 <= K < N, and --every at least 1")
    if not os.access(args.brain, os.X_OK):
        parser.error(f"{args.brain}: not an executable brain")
    moves_out = open(args.moves, "w") if args.moves else None
    engine = Engine(args.brain)
    engine.send(f"START {args.size}")
    engine.send(f"INFO timeout_turn {args.ms}")
    engine.send("INFO timeout_match 0")
    engine.send("INFO time_left 100000000")
    rule_sent = None
    taken = 0
    for number, line in enumerate(sys.stdin):
        if number % args.every or (number // args.every) % shards != shard:
            continue
        fields = line.split()
        if len(fields) < 4 or fields[0] not in RULES:
            continue
        rule, game, result, _ = fields[:4]
        moves = fields[4:]
        if RULES[rule] != rule_sent:
            engine.send(f"INFO rule {RULES[rule]}")
            rule_sent = RULES[rule]
        engine.messages.clear()
        engine.board(moves, args.size)
        reply = engine.answer(args.ms / 1000 * 3 + 2)
        score = parse_score(engine.messages)
        if reply is None:
            print(f"line {number + 1}: no reply in time; stopping", file=sys.stderr)
            break
        if score is None:
            print(f"line {number + 1}: no score (reply {reply!r})", file=sys.stderr)
        else:
            print(rule, game, result, score, " ".join(moves), flush=True)
            taken += 1
        if moves_out is not None:
            try:
                x, y = (int(v) for v in reply.split(","))
            except ValueError:
                print(f"line {number + 1}: no move (reply {reply!r})", file=sys.stderr)
            else:
                word = f"{chr(ord('a') + x)}{args.size - y}"
                print(game, word, " ".join(moves), file=moves_out, flush=True)
        # Some brains (Rapfi) lose a command that comes just after their move.
        time.sleep(0.01)
    engine.close()
    if moves_out is not None:
        moves_out.close()
    print(f"{taken} positions labelled", file=sys.stderr)


if __name__ == "__main__":
    main()
