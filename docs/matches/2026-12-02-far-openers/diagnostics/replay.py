"""Replays a saved game into a Gomocup brain move by move, keeping the brain's memory between moves.

    python3 replay.py BRAIN MS RULE MOVES N FOLLOW

MOVES is a game's position string (`gameNNN.txt`); the first N stones go to the brain as one
BOARD, then the game's moves of the other side follow with TURN for FOLLOW plies, the brain
answering each with MS milliseconds under RULE (0 freestyle, 1 standard, 4 renju). Prints each
answer with the brain's search line. Unlike `probe.py` (one position, a fresh brain), the
brain's table carries over from move to move, as in the game.
"""

import re
import subprocess
import sys


def main():
    brain, ms, rule = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    moves, n, follow = sys.argv[4], int(sys.argv[5]), int(sys.argv[6])
    # Gomocup's y counts rows from the top; the position strings count them from the bottom.
    stones = [(ord(c) - 97, 15 - int(r)) for c, r in re.findall(r"([a-o])(\d+)", moves)]
    p = subprocess.Popen([brain], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def answer():
        search = ""
        while True:
            line = p.stdout.readline().strip()
            if line.startswith("MESSAGE depth"):
                search = line
            if not line.startswith(("MESSAGE", "DEBUG")):
                return line, search[:110]

    send("START 15")
    p.stdout.readline()
    send(f"INFO timeout_turn {ms}")
    send("INFO timeout_match 100000000")
    send(f"INFO rule {rule}")
    send("BOARD")
    for k, (x, y) in enumerate(stones[:n]):
        send(f"{x},{y},{1 if k % 2 == n % 2 else 2}")
    send("DONE")
    print(n + 1, *answer())
    k = n + 1
    while k < min(n + follow, len(stones)):
        x, y = stones[k]
        send(f"TURN {x},{y}")
        print(k + 2, f"after {chr(97 + x)}{15 - y}:", *answer())
        k += 2
    p.kill()


if __name__ == "__main__":
    main()
