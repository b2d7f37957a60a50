"""Ask a Gomocup brain for its move in one position of a saved game.

    python3 probe.py BRAIN MS RULE MOVES N

MOVES is a game's position string (`gameNNN.txt`: `h8i9...`, column letter and row number as
`scripts/match.py` saves them), N how many of its moves to set up; the brain moves for the side
to move after them with MS milliseconds (`INFO timeout_turn`) under RULE (0 freestyle, 1
standard, 4 renju). Prints the brain's MESSAGE lines and its answer. The brain's standard error
is passed through (the session's tracing build wrote its trace there).
"""

import re
import subprocess
import sys


def main():
    brain, ms, rule, moves, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
    # Gomocup's y counts rows from the top; the position strings count them from the bottom.
    stones = [(ord(c) - 97, 15 - int(r)) for c, r in re.findall(r"([a-o])(\d+)", moves)][:n]
    p = subprocess.Popen([brain], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    send("START 15")
    print(p.stdout.readline().strip())
    send(f"INFO timeout_turn {ms}")
    send("INFO timeout_match 100000000")
    send(f"INFO rule {rule}")
    send("BOARD")
    to_move = len(stones) % 2
    for k, (x, y) in enumerate(stones):
        send(f"{x},{y},{1 if k % 2 == to_move else 2}")
    send("DONE")
    while True:
        line = p.stdout.readline().strip()
        print(line)
        if not line.startswith(("MESSAGE", "DEBUG")):
            break
    send("END")
    p.wait(timeout=5)


if __name__ == "__main__":
    main()
