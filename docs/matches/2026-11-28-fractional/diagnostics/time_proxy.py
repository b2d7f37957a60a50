#!/usr/bin/env python3
"""A Gomocup brain behind a proxy that changes its turn time by move number.

time_proxy.py BRAIN FIRST_MS N LATER_MS: the brain's first N replies of a game get FIRST_MS a
move, the later ones LATER_MS (each told as INFO timeout_turn before the command that asks for
the reply). Everything else passes through unchanged; the brain writes straight to our stdout.
"""
import subprocess, sys

brain, first_ms, n, later_ms = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
child = subprocess.Popen([brain], stdin=subprocess.PIPE, text=True, bufsize=1)
replies = 0
told = None
in_board = False

def send(line):
    child.stdin.write(line + "\n")
    child.stdin.flush()

for line in sys.stdin:
    line = line.rstrip("\r\n")
    word = line.split(" ")[0].upper() if line else ""
    if word == "INFO" and line.upper().startswith("INFO TIMEOUT_TURN"):
        continue  # ours decides
    asks = False
    if in_board:
        if word == "DONE":
            in_board = False
    elif word == "BOARD":
        in_board = True
        asks = True
    elif word in ("TURN", "BEGIN"):
        asks = True
    elif word in ("START", "RESTART"):
        replies = 0
    if asks:
        ms = first_ms if replies < n else later_ms
        if ms != told:
            send(f"INFO timeout_turn {ms}")
            told = ms
        replies += 1
    send(line)
    if word == "END":
        break
child.wait()
