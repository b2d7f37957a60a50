#!/usr/bin/env python3
"""probe_position.py BRAIN MS FILE: asks a Gomocup brain (freestyle, 15x15) to move in one
position and prints its last message and its move.

FILE's first line holds the moves from the start, in match.py's notation (`h8i9h10...`, as the
first line of a saved game); the side to move is the one after them.
"""
import re
import subprocess
import sys

brain, ms, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
moves = [f"{ord(c) - 97},{15 - int(d)}" for c, d in re.findall(r"([a-o])(\d+)", open(path).readline())]
n = len(moves)
commands = ["START 15", f"INFO timeout_turn {ms}", "INFO rule 0", "BOARD"]
for i, m in enumerate(moves):
    # 1 marks the stones of the side to move.
    commands.append(f"{m},{1 if i % 2 == n % 2 else 2}")
commands.append("DONE")
p = subprocess.Popen([brain], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
p.stdin.write("\n".join(commands) + "\n")
p.stdin.flush()
last = ""
while True:
    line = p.stdout.readline()
    if not line:
        break
    if line.startswith("MESSAGE"):
        last = line.strip()
    elif "," in line:
        print(last[:200])
        print(line.strip())
        break
p.stdin.write("END\n")
p.stdin.flush()
p.wait()
