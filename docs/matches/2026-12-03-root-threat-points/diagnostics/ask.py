"""Asks a Gomocup brain for its move in one freestyle position on 15x15.

    python3 ask.py BRAIN MS MOVES...

MOVES in move notation (`h8 i9 j7`, or one string `h8i9j7`); the side to move is the one
after them. Prints the brain's move and its last MESSAGE line (`ALL=1`: the last six).
"""

import os
import re
import subprocess
import sys

SIZE = 15


def main():
    brain, ms = sys.argv[1], int(sys.argv[2])
    words = re.findall(r"[a-o]\d+", " ".join(sys.argv[3:]))
    moves = [(ord(w[0]) - 97, SIZE - int(w[1:])) for w in words]
    n = len(moves)
    p = subprocess.Popen([brain], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    cmds = [f"START {SIZE}", f"INFO timeout_turn {ms}", "INFO timeout_match 0", "INFO rule 0"]
    cmds.append("BOARD")
    for i, (x, y) in enumerate(moves):
        cmds.append(f"{x},{y},{1 if (i % 2) == (n % 2) else 2}")
    cmds.append("DONE")
    p.stdin.write("\n".join(cmds) + "\n")
    p.stdin.flush()
    messages = []
    while True:
        line = p.stdout.readline()
        if not line:
            sys.exit("the brain ended without a move")
        line = line.strip()
        if line.startswith("MESSAGE"):
            messages.append(line)
        elif re.match(r"^\d+,\d+$", line):
            x, y = map(int, line.split(","))
            break
    p.stdin.write("END\n")
    p.stdin.flush()
    p.wait()
    print(f"{chr(97 + x)}{SIZE - y}", "|", messages[-1] if messages else "")
    if os.environ.get("ALL"):
        print("\n".join(messages[-6:]))


if __name__ == "__main__":
    main()
