#!/usr/bin/env python3
"""The move a Gomocup brain chooses in each position (research note, the policy's teacher).

    python3 label_moves.py BRAIN MS K N < positions.txt > moves-K.txt

Reads `examples/label_positions.rs`' format (`rule game result score moves`, freestyle), takes
every N-th line from the K-th (so N processes share the work), sends it to BRAIN with the BOARD
command at MS milliseconds a move, and writes `game reply moves...`: what
`insearch-sampling.patch`'s `TUNE_MOVES` reads in `examples/tune_policy.rs`. The brain is not
part of this project: build it yourself, outside the repository.
"""
import os, sys, time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../../scripts'))
from match import Engine
brain, ms, shard, shards = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
size = 15
e = Engine(brain)
e.send(f"START {size}"); e.send(f"INFO timeout_turn {ms}"); e.send("INFO timeout_match 0"); e.send("INFO time_left 100000000"); e.send("INFO rule 0")
n = 0
for number, line in enumerate(sys.stdin):
    if number % shards != shard: continue
    f = line.split()
    if len(f) < 5: continue
    game, moves = f[1], f[4:]
    side = len(moves) % 2
    e.send("BOARD")
    for i, w in enumerate(moves):
        x, y = ord(w[0]) - 97, size - int(w[1:])
        e.send(f"{x},{y},{1 if i % 2 == side else 2}")
    e.send("DONE")
    e.messages.clear()
    reply = e.answer(ms / 1000 * 3 + 2)
    if reply is None:
        print("no reply; stopping", file=sys.stderr); break
    try:
        x, y = (int(v) for v in reply.strip().split(','))
    except ValueError:
        continue
    print(game, f"{chr(97 + x)}{size - y}", " ".join(moves), flush=True)
    n += 1
    time.sleep(0.01)
e.close()
print(f"{n} moves", file=sys.stderr)
